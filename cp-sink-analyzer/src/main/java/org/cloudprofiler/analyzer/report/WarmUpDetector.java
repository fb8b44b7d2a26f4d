package org.cloudprofiler.analyzer.report;

import java.util.Arrays;
import java.util.List;

/**
 * Finds the warm-up: the seconds before latency settles. The rule ({@link #RULE}), per hop row
 * with at least {@link #MIN_WINDOWS} windows: the hop's steady p99 is the median of its
 * per-window p99; a window is settled when its p99 is at most {@link #FACTOR} times that; the
 * hop's warm-up ends at the first window from which {@link #SETTLED_RUN} windows in a row (or
 * all the rest) are settled. The run's warm-up ends where the last hop's does; there is none if
 * every hop is settled from its first window. The factor is 10, an order of magnitude: in the
 * demo on a shared 2-core machine, a steady sub-millisecond hop's per-second p99 reaches 5 times
 * its median now and then, while the first second's is 25 to 350 times it. Stateless.
 */
final class WarmUpDetector {

    static final int MIN_WINDOWS = 10;
    static final double FACTOR = 10;
    static final int SETTLED_RUN = 5;
    static final String RULE = "the start of the first window from which, for every hop with"
            + " at least " + MIN_WINDOWS + " windows, " + SETTLED_RUN + " windows in a row have"
            + " a p99 at most " + (int) FACTOR + " times the median of that hop's per-window"
            + " p99";

    private WarmUpDetector() {}

    /** The warm-up of the run whose hop rows are {@code hops}. */
    static AnalysisSummary.WarmUp find(List<AnalysisSummary.HopRow> hops) {
        Long endNs = null;
        String lastHop = null;
        Double p99MaxNs = null;
        for (AnalysisSummary.HopRow hop : hops) {
            AnalysisSummary.OverTime overTime = hop.overTime();
            if (overTime == null || overTime.points().size() < MIN_WINDOWS) {
                continue;
            }
            List<AnalysisSummary.WindowPoint> points = overTime.points();
            int settledFrom = settledFrom(points);
            if (settledFrom == 0 || points.get(settledFrom).startNs() <= 0) {
                continue; // settled from the run's start on
            }
            long hopEndNs = points.get(settledFrom).startNs();
            if (endNs == null || hopEndNs > endNs) {
                endNs = hopEndNs;
                lastHop = hop.hop() + " (" + hop.locality().toLowerCase(java.util.Locale.ROOT)
                        + ")";
                p99MaxNs = points.subList(0, settledFrom).stream()
                        .mapToDouble(AnalysisSummary.WindowPoint::p99).max().orElseThrow();
            }
        }
        return new AnalysisSummary.WarmUp(endNs, RULE, lastHop, p99MaxNs);
    }

    /** The index of the window from which the hop is settled. */
    static int settledFrom(List<AnalysisSummary.WindowPoint> points) {
        double[] p99 = points.stream().mapToDouble(AnalysisSummary.WindowPoint::p99).toArray();
        double[] sorted = p99.clone();
        Arrays.sort(sorted);
        double limit = FACTOR * sorted[(sorted.length - 1) / 2];
        int settledInARow = 0;
        for (int i = 0; i < p99.length; i++) {
            settledInARow = 0;
            for (int j = i; j < p99.length && p99[j] <= limit; j++) {
                settledInARow++;
                if (settledInARow == SETTLED_RUN) {
                    break;
                }
            }
            if (settledInARow == SETTLED_RUN || i + settledInARow == p99.length) {
                return i;
            }
        }
        return p99.length;
    }
}
