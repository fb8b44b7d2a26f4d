package org.cloudprofiler.analyzer.clock;

/**
 * A duration between two timestamps on the reference clock, with its strict bound.
 *
 * @param durationNs the estimate, ns; meaningless when {@link #bounded()} is false
 * @param boundNs half-width of the interval around the estimate that holds the true duration,
 *     ns; {@link Double#POSITIVE_INFINITY} when no sync data relates the two clocks
 * @param path how the duration was translated (a {@code TranslationPath} name), or
 *     {@code UNSYNCHRONIZED}, or {@code DRIFT_BEYOND_MODEL}
 */
public record BoundedDuration(double durationNs, double boundNs, String path) {

    /** The path of a duration between clocks nothing relates. */
    public static final String UNSYNCHRONIZED = "UNSYNCHRONIZED";

    /**
     * The path of a duration that needs a clock where the sync data show drift beyond the
     * model (docs/design.md, "Drift between phases").
     */
    public static final String DRIFT_BEYOND_MODEL = "DRIFT_BEYOND_MODEL";

    /** A duration between clocks that no sync data relates: no number, an infinite bound. */
    public static BoundedDuration unbounded() {
        return new BoundedDuration(Double.NaN, Double.POSITIVE_INFINITY, UNSYNCHRONIZED);
    }

    /** A duration that needs a clock's span that drifted beyond the model: no number. */
    public static BoundedDuration beyondDriftModel() {
        return new BoundedDuration(Double.NaN, Double.POSITIVE_INFINITY, DRIFT_BEYOND_MODEL);
    }

    /** Whether the duration has a finite bound, i.e. is a number one may trust. */
    public boolean bounded() {
        return Double.isFinite(boundNs);
    }
}
