package org.cloudprofiler.analyzer.compare;

import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.LatencyStats;
import org.cloudprofiler.analyzer.stats.SignedHistogram;

/**
 * One hop at one locality in two runs. A row missing from a run is null; a percentile is null
 * when either run has no bounded sample of the hop.
 *
 * @param hop the hop's name
 * @param kind {@code TRANSFER}, {@code CHAINED}, {@code COMPUTE} or {@code END_TO_END}
 * @param locality the rows' locality
 * @param a run A's row, or null
 * @param b run B's row, or null
 * @param p50 the medians compared, or null
 * @param p99 the 99th percentiles compared, or null
 */
public record HopComparison(String hop, String kind, String locality, AnalysisSummary.HopRow a,
        AnalysisSummary.HopRow b, PercentileComparison p50, PercentileComparison p99) {

    /** Compares {@code a} with {@code b}, rows of one hop and locality; either may be null. */
    static HopComparison of(AnalysisSummary.HopRow a, AnalysisSummary.HopRow b) {
        AnalysisSummary.HopRow either = a != null ? a : b;
        boolean comparable = a != null && b != null && a.latencyNs() != null
                && b.latencyNs() != null;
        return new HopComparison(either.hop(), either.kind(), either.locality(), a, b,
                comparable ? compare(a, b, a.latencyNs().p50(), b.latencyNs().p50()) : null,
                comparable ? compare(a, b, a.latencyNs().p99(), b.latencyNs().p99()) : null);
    }

    private static PercentileComparison compare(AnalysisSummary.HopRow a,
            AnalysisSummary.HopRow b, double aNs, double bNs) {
        return PercentileComparison.of(aNs, percentileBoundNs(aNs, a.boundNs()), bNs,
                percentileBoundNs(bNs, b.boundNs()));
    }

    /**
     * How far the true value of a percentile {@code percentileNs} can be from it. Each sample's
     * true duration lies within its bound, at most {@code bounds.max()}, of its estimate, so
     * the true durations' percentile lies within {@code bounds.max()} of the estimates'
     * percentile (moving every value by at most d moves every order statistic by at most d). The
     * bound's own percentile would not do: the samples at that rank may carry larger bounds.
     * Added: the rounding of the reported percentile up to a whole ns and its histogram
     * bucket's end, less than that bucket's width.
     */
    static double percentileBoundNs(double percentileNs, LatencyStats bounds) {
        return bounds.max() + SignedHistogram.resolutionNs(percentileNs);
    }
}
