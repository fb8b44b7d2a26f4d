package org.cloudprofiler.analyzer.compare;

import java.util.Locale;

/** What the difference between two runs' percentiles says, once their bounds are allowed for. */
public enum Verdict {
    /** B's percentile is below A's by more than both bounds: B is faster for sure. */
    FASTER,
    /** B's percentile is above A's by more than both bounds: B is slower for sure. */
    SLOWER,
    /** The difference is no larger than the bounds: it may be the clocks' error alone. */
    WITHIN_BOUNDS,
    /** A run has no bounded sample at this hop: no number to compare. */
    NOT_COMPARABLE;

    /** How the console and the report say it: {@code within bounds}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
