package org.cloudprofiler.analyzer.report;

import org.HdrHistogram.Histogram;

/**
 * Order statistics of a distribution, ns. Percentiles are HdrHistogram's: the upper end of the
 * 3-significant-digit bucket that holds the nearest-rank percentile (exact below 2,048 ns, within
 * 0.1% above); {@code min}, {@code max} and {@code mean} are exact.
 */
public record LatencyStats(double min, long p1, long p25, long p50, long p75, long p90, long p99,
        long p999, double max, double mean) {

    /** The statistics of {@code histogram} with the exact extremes and mean given. */
    static LatencyStats of(Histogram histogram, double min, double max, double mean) {
        return new LatencyStats(min, histogram.getValueAtPercentile(1),
                histogram.getValueAtPercentile(25), histogram.getValueAtPercentile(50),
                histogram.getValueAtPercentile(75), histogram.getValueAtPercentile(90),
                histogram.getValueAtPercentile(99), histogram.getValueAtPercentile(99.9), max,
                mean);
    }
}
