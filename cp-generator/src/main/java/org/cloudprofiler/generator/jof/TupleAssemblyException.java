package org.cloudprofiler.generator.jof;

/** A {@link TupleAssembler} failed on a tuple that had deserialized. */
final class TupleAssemblyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long tupleId;

    TupleAssemblyException(long tupleId, Exception cause) {
        super("tuple " + tupleId + ": " + cause, cause);
        this.tupleId = tupleId;
    }

    long tupleId() {
        return tupleId;
    }
}
