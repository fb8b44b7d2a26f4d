package org.cloudprofiler.generator.jof;

/**
 * Builds the object an engine's source emits from one deserialized tuple, on the JOF receiver
 * thread, so that the source's own thread, which is on the engine's critical path, only hands
 * it on. The JOF makes one assembler per receiver and calls it from that receiver's thread
 * only, so an assembler need not be thread-safe.
 */
@FunctionalInterface
public interface TupleAssembler {
    /** Leaves every deserialized object as it is. */
    TupleAssembler NONE = (tupleId, value) -> value;

    /**
     * What the source gets for the tuple {@code tupleId} whose payload deserialized to
     * {@code value}; null is handed over as null.
     *
     * @throws RuntimeException if the tuple cannot be assembled; the JOF rejects the whole
     *     bucket and counts it, as for a payload that does not deserialize
     */
    Object assemble(long tupleId, Object value);
}
