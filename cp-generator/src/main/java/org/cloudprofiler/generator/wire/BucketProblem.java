package org.cloudprofiler.generator.wire;

/** Why {@link BucketDecoder} refused a message; the decoder's detail names the field at fault. */
public enum BucketProblem {
    /** Shorter than its header, or than the body length its header announces. */
    TRUNCATED,
    /** Not a bucket, a version this reader does not know, or fields that contradict each other. */
    MALFORMED,
    /** A well-formed bucket whose payload class the format does not define. */
    UNKNOWN_CLASS
}
