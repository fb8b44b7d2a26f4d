package org.cloudprofiler.analyzer.compare;

import java.util.Locale;

/**
 * What the difference between two runs' percentiles says, once their bounds are allowed for. A
 * hop row that one run lacks, or has no bounded sample of, has no percentiles to compare and so
 * no verdict ({@link HopComparison}'s are null): the table says "only in" or "not comparable".
 */
public enum Verdict {
    /** B's percentile is below A's by more than both bounds: B is faster for sure. */
    FASTER,
    /** B's percentile is above A's by more than both bounds: B is slower for sure. */
    SLOWER,
    /** The difference is no larger than the bounds: it may be the clocks' error alone. */
    WITHIN_BOUNDS;

    /** How the console and the report say it: {@code within bounds}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
