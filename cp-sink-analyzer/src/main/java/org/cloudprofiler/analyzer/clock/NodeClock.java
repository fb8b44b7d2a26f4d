package org.cloudprofiler.analyzer.clock;

import java.io.Serializable;

/**
 * What a node's intact channel headers say about its clock: the frequency estimate and one pair
 * of a clock reading with the wall clock, taken when a channel opened. Good to NTP's accuracy
 * only, so used for plotting and ordering, never for a latency, except that without sync data
 * the frequency converts a node's own ticks to nanoseconds.
 *
 * @param tscHz ticks per second
 * @param openTicks a clock reading
 * @param openRealtimeNs {@code CLOCK_REALTIME} at that reading, ns since the epoch
 * @param known false for a node none of whose headers passed their checksum: then the other
 *     fields mean nothing, and no figure may rest on them
 */
public record NodeClock(long tscHz, long openTicks, long openRealtimeNs, boolean known)
        implements Serializable {

    private static final long serialVersionUID = 2L;

    /** The clock of a node whose every channel header failed its checksum. */
    public static final NodeClock UNKNOWN = new NodeClock(0, 0, 0, false);

    /** A clock as an intact channel header states it. */
    public NodeClock(long tscHz, long openTicks, long openRealtimeNs) {
        this(tscHz, openTicks, openRealtimeNs, true);
    }

    /** The wall-clock time of {@code ticks}, ns since the epoch, or NaN if the clock is unknown. */
    public double realtimeNs(long ticks) {
        return known ? openRealtimeNs + (ticks - openTicks) * 1e9 / tscHz : Double.NaN;
    }
}
