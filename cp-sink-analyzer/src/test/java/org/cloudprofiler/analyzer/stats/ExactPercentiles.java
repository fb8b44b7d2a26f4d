package org.cloudprofiler.analyzer.stats;

import java.util.Arrays;

/**
 * Test-only reference for {@link SignedHistogram#valueAtPercentile}, computed from every value
 * with no histogram: the nearest rank {@code ceil(p/100 · n)} of the sorted values, rounded up to
 * a whole ns, or the exact maximum if smaller. Equal to the histogram's for magnitudes below
 * 2,048 ns, where its buckets are single values.
 */
public final class ExactPercentiles {

    private final double[] sorted;

    public ExactPercentiles(double... values) {
        sorted = values.clone();
        Arrays.sort(sorted);
    }

    public double at(double percentile) {
        int rank = (int) Math.max(1, Math.ceil(percentile / 100 * sorted.length - 1e-9));
        return Math.min(Math.ceil(sorted[rank - 1]), sorted[sorted.length - 1]);
    }

    public double min() {
        return sorted[0];
    }

    public double max() {
        return sorted[sorted.length - 1];
    }

    public double mean() {
        return Arrays.stream(sorted).average().orElseThrow();
    }
}
