package org.cloudprofiler.analyzer.join;

import java.util.Arrays;

/**
 * The id records of one tuple seen so far: the keyed state of the join, one per tuple id in
 * flight. A Flink POJO (public fields, no-argument constructor); the join writes it back after
 * each change, as a backend that serializes state needs. Not thread-safe.
 */
public final class TupleEvents {

    /** Channel index of each record. */
    public int[] channels = new int[4];
    /** Clock reading of each record, ticks of its channel's node. */
    public long[] tscs = new long[4];
    /** Records held. */
    public int size;
    /** When the tuple's time-out fires, event time in ms. */
    public long timeoutMillis;

    /** An independent copy. */
    public TupleEvents copy() {
        TupleEvents copy = new TupleEvents();
        copy.channels = Arrays.copyOf(channels, Math.max(1, size));
        copy.tscs = Arrays.copyOf(tscs, Math.max(1, size));
        copy.size = size;
        copy.timeoutMillis = timeoutMillis;
        return copy;
    }

    /** Adds every record of {@code other}. */
    public void addAll(TupleEvents other) {
        for (int i = 0; i < other.size; i++) {
            add(other.channels[i], other.tscs[i]);
        }
    }

    public void add(int channel, long tsc) {
        if (size == channels.length) {
            channels = Arrays.copyOf(channels, size * 2);
            tscs = Arrays.copyOf(tscs, size * 2);
        }
        channels[size] = channel;
        tscs[size] = tsc;
        size++;
    }
}
