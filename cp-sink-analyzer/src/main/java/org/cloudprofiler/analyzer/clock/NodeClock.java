package org.cloudprofiler.analyzer.clock;

import java.io.Serializable;

/**
 * What a node's channel headers say about its clock: the frequency estimate and one pair of a
 * clock reading with the wall clock, taken when a channel opened. Good to NTP's accuracy only,
 * so used for plotting and ordering, never for a latency.
 *
 * @param tscHz ticks per second
 * @param openTicks a clock reading
 * @param openRealtimeNs {@code CLOCK_REALTIME} at that reading, ns since the epoch
 */
public record NodeClock(long tscHz, long openTicks, long openRealtimeNs) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The wall-clock time of {@code ticks}, ns since the epoch, as a double. */
    public double realtimeNs(long ticks) {
        return openRealtimeNs + (ticks - openTicks) * 1e9 / tscHz;
    }
}
