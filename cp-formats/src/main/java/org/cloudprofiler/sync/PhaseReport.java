package org.cloudprofiler.sync;

import java.util.List;

/**
 * What one sync phase produced: the measured pairs, and a message for every pair that could
 * not be measured (those are absent from the phase, so translations through them are refused
 * rather than invented).
 */
public record PhaseReport(SyncPhase phase, List<String> problems) {

    public PhaseReport {
        problems = List.copyOf(problems);
    }
}
