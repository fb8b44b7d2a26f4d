package org.cloudprofiler.sync;

import java.time.Duration;

/**
 * The clock model every bound rests on (docs/design.md, "Drift between phases"), and its two
 * settings: how much a clock's rate relative to the reference may vary within a segment between
 * two sync phases, and how often the sync phases are taken during a run so that this variation
 * costs little. Defined here once for the analyzer, the sync server and the CLI.
 */
public final class DriftModel {

    /**
     * Default of the allowed rate variation within a segment, ppm. A board's crystal moves by
     * parts per million over tens of degrees, and the board's temperature by degrees over
     * minutes, so within one default interval its rate moves by a fraction of a ppm; the sync
     * phases themselves measure each segment's rate, and consecutive segments that differ by
     * more than the model allows are reported (docs/design.md, "Drift between phases").
     */
    public static final double DEFAULT_DRIFT_PPM = 1.0;

    /**
     * Default time between two mid phases: with {@link #DEFAULT_DRIFT_PPM} the drift term of a
     * translated timestamp is at most {@code ρ·T/4} = 2.5 µs, a small share of the tens of µs
     * that the exchanges' round trips give remote bounds between real machines.
     */
    public static final Duration DEFAULT_MID_INTERVAL = Duration.ofSeconds(10);

    private DriftModel() {}
}
