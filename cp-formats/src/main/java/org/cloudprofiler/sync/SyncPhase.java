package org.cloudprofiler.sync;

import java.util.List;

/**
 * One round of measurements over every ordered pair of nodes.
 *
 * @param name {@code start} (before the run), {@code mid} (periodic, during it) or {@code end}
 * @param index position among all phases of the file, 0 first, increasing with time
 * @param startedRealtimeNs wall-clock time the phase began, ns since the Unix epoch (for people,
 *     not for translation)
 * @param pairs one entry per ordered pair measured
 */
public record SyncPhase(String name, int index, long startedRealtimeNs,
        List<PairMeasurement> pairs) {

    public static final String START = "start";
    public static final String MID = "mid";
    public static final String END = "end";

    public SyncPhase {
        pairs = List.copyOf(pairs);
    }
}
