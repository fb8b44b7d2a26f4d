package org.cloudprofiler.analyzer.join;

import java.util.Arrays;

/**
 * The id records of one tuple seen so far: the keyed state of the join, one per tuple id in
 * flight. A Flink POJO (public fields, no-argument constructor); the join writes it back after
 * each change, as a backend that serializes state needs. Not thread-safe.
 */
public final class TupleEvents {

    /** {@link #rootId} of a tuple that has no lineage record. */
    public static final long NO_ROOT = Long.MIN_VALUE;

    /** Channel index of each record. */
    public int[] channels = new int[4];
    /** Clock reading of each record, ticks of its channel's node. */
    public long[] tscs = new long[4];
    /** Records held. */
    public int size;
    /** When the tuple's time-out fires, event time in ms. */
    public long timeoutMillis;
    /**
     * The source record this tuple descends from, from its lineage record (a fan-out output);
     * {@link #NO_ROOT} if it has none.
     */
    public long rootId = NO_ROOT;

    /** An independent copy. */
    public TupleEvents copy() {
        TupleEvents copy = new TupleEvents();
        copy.channels = Arrays.copyOf(channels, Math.max(1, size));
        copy.tscs = Arrays.copyOf(tscs, Math.max(1, size));
        copy.size = size;
        copy.timeoutMillis = timeoutMillis;
        copy.rootId = rootId;
        return copy;
    }

    /** Adds every record of {@code other}, and its root if it knows one. */
    public void addAll(TupleEvents other) {
        if (other.rootId != NO_ROOT) {
            rootId = other.rootId;
        }
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
