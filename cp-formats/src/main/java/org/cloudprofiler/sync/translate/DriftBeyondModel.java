package org.cloudprofiler.sync.translate;

import java.util.Locale;

/**
 * Two consecutive segments of a node pair's clock map whose rates differ by more than the drift
 * model allows: the bounds there would not hold, so durations touching that span are unbounded.
 *
 * @param targetNode the node whose clock the map translates onto
 * @param sourceNode the node whose ticks it translates
 * @param fromPhase index of the phase that begins the first segment
 * @param toPhase index of the phase that ends the second segment
 * @param fromSeconds where the span begins, seconds of the source clock after the start phase
 * @param toSeconds where the span ends, likewise
 * @param provenChangePpm the smallest rate change that the measurements allow, ppm of the rate;
 *     NaN where the exchanges of one segment fit no clock within the allowance (HULL)
 * @param allowedChangePpm the largest change the model allows between two segments, ppm
 */
public record DriftBeyondModel(String targetNode, String sourceNode, int fromPhase, int toPhase,
        double fromSeconds, double toSeconds, double provenChangePpm, double allowedChangePpm) {

    /** One line for the user: the nodes, the span, what the data show and the fix. */
    public String describe() {
        String change = Double.isNaN(provenChangePpm)
                ? String.format(Locale.ROOT, "drifted more than its rate may vary (%.3f ppm)",
                        allowedChangePpm)
                : String.format(Locale.ROOT, "changed rate by at least %.3f ppm, more than the"
                        + " %.3f ppm the drift model allows", provenChangePpm, allowedChangePpm);
        return String.format(Locale.ROOT, "the clock of %s against %s %s between %.1f s and"
                + " %.1f s after the start phase (phases %d to %d): durations that need it there"
                + " are unbounded. Fix: take mid phases more often (a shorter mid-phase"
                + " interval), or raise the drift allowance if these clocks are known to vary"
                + " this much", sourceNode, targetNode, change, fromSeconds, toSeconds,
                fromPhase, toPhase);
    }
}
