package org.cloudprofiler.generator.jof;

import org.cloudprofiler.generator.wire.BucketProblem;

/** Why a receiver rejected a message instead of handing its tuples over. */
public enum RejectReason {
    /** Shorter than its header says: see {@link BucketProblem#TRUNCATED}. */
    TRUNCATED,
    /** Not a valid bucket, or inconsistent with the run's earlier buckets. */
    MALFORMED,
    /** A payload class the format does not define, or this JOF was not configured for. */
    UNKNOWN_CLASS,
    /** A payload that the configured reader (Kryo) could not read to its last byte. */
    UNDESERIALIZABLE,
    /** A payload that deserialized but that the consumer's {@link TupleAssembler} failed on. */
    ASSEMBLY_FAILED,
    /** A sequence number at or below one already seen from the same sender. */
    OUT_OF_SEQUENCE,
    /** Came from a sender after that sender's end-of-run marker. */
    AFTER_END_OF_RUN;

    static RejectReason of(BucketProblem problem) {
        return switch (problem) {
            case TRUNCATED -> TRUNCATED;
            case MALFORMED -> MALFORMED;
            case UNKNOWN_CLASS -> UNKNOWN_CLASS;
        };
    }
}
