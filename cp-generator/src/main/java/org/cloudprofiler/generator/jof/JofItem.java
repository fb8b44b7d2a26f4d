package org.cloudprofiler.generator.jof;

/**
 * What a consumer polls from a receiver's queue: buckets of tuples, then, once, the receiver's
 * end of the run. Both kinds are immutable once polled.
 */
public sealed interface JofItem permits TupleBucket, EndOfRun {
    /** The receiver whose queue held the item. */
    int receiverIndex();
}
