package org.cloudprofiler.analyzer.report;

import org.cloudprofiler.analyzer.stats.SignedHistogram;

/**
 * Order statistics of a distribution, ns, with their sign. Percentiles are
 * {@link SignedHistogram#valueAtPercentile}'s: the nearest rank's value rounded up to the upper
 * end of its 3-significant-digit bucket (exact below 2,048 ns, within 0.1% above), never above
 * {@code max}; {@code min}, {@code max} and {@code mean} are exact.
 */
public record LatencyStats(double min, double p1, double p25, double p50, double p75, double p90,
        double p99, double p999, double max, double mean) {

    /** The statistics of {@code histogram}, which holds at least one value. */
    static LatencyStats of(SignedHistogram histogram) {
        return new LatencyStats(histogram.min(), histogram.valueAtPercentile(1),
                histogram.valueAtPercentile(25), histogram.valueAtPercentile(50),
                histogram.valueAtPercentile(75), histogram.valueAtPercentile(90),
                histogram.valueAtPercentile(99), histogram.valueAtPercentile(99.9),
                histogram.max(), histogram.mean());
    }
}
