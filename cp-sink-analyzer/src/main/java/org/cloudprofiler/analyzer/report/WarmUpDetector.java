package org.cloudprofiler.analyzer.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Finds the warm-up: the seconds before latency settles. The rule ({@link #RULE}), per hop row
 * with at least {@link #MIN_WINDOWS} windows: the hop's steady p99 is the median of its
 * per-window p99; a window is settled when its p99 is at most the hop's limit, the largest of
 * {@link #FACTOR} times the steady p99's magnitude, the hop's largest bound and
 * {@link #MIN_LIMIT_NS} (a cross-node hop's p99 may be near 0 or below it, within its bound);
 * the hop's warm-up ends at the first settled window from which at most one of
 * {@link #SETTLED_RUN} windows (or of all the rest) is not, so one later excursion (a
 * collection, a busy neighbour) does not stretch it. A hop with no such window never settled: it
 * is named as such and does not move the run's warm-up, which ends where the last settling hop's
 * does; there is none if every hop is settled from its first window after the run's start. The
 * factor is 10, an order of magnitude: in the demo on a shared 2-core machine, a steady
 * sub-millisecond hop's per-second p99 reaches 5 times its median now and then, while the first
 * second's is 25 to 350 times it. Stateless.
 */
final class WarmUpDetector {

    static final int MIN_WINDOWS = 10;
    static final double FACTOR = 10;
    static final int SETTLED_RUN = 5;
    static final double MIN_LIMIT_NS = 1000;
    static final String RULE = "for every hop with at least " + MIN_WINDOWS + " windows, the"
            + " start of the first window whose p99 is at most the hop's limit, as are all but"
            + " at most one of the " + SETTLED_RUN + " windows from it; the limit is the largest"
            + " of " + (int) FACTOR + " times the magnitude of the median of the hop's"
            + " per-window p99, the hop's largest bound and " + (int) MIN_LIMIT_NS + " ns; a hop"
            + " with no such window never settled and is named, not counted as warm-up";

    private WarmUpDetector() {}

    /** The warm-up of the run whose hop rows are {@code hops}. */
    static AnalysisSummary.WarmUp find(List<AnalysisSummary.HopRow> hops) {
        Long endNs = null;
        String lastHop = null;
        List<String> neverSettled = new ArrayList<>();
        for (AnalysisSummary.HopRow hop : hops) {
            AnalysisSummary.OverTime overTime = hop.overTime();
            if (overTime == null || overTime.points().size() < MIN_WINDOWS) {
                continue;
            }
            List<AnalysisSummary.WindowPoint> points = overTime.points();
            int settledFrom = settledFrom(points);
            if (settledFrom == points.size()) {
                neverSettled.add(name(hop));
                continue;
            }
            long hopEndNs = points.get(settledFrom).startNs();
            // Settled from its first window: no warm-up in the samples (those before a --from
            // are not among them).
            if (settledFrom > 0 && hopEndNs > 0 && (endNs == null || hopEndNs > endNs)) {
                endNs = hopEndNs;
                lastHop = name(hop);
            }
        }
        if (endNs == null) {
            return new AnalysisSummary.WarmUp(null, RULE, null, null, null, neverSettled);
        }
        Double p99MaxNs = null;
        String p99MaxHop = null;
        for (AnalysisSummary.HopRow hop : hops) {
            if (hop.overTime() == null) {
                continue;
            }
            for (AnalysisSummary.WindowPoint point : hop.overTime().points()) {
                if (point.startNs() < endNs && (p99MaxNs == null || point.p99() > p99MaxNs)) {
                    p99MaxNs = point.p99();
                    p99MaxHop = name(hop);
                }
            }
        }
        return new AnalysisSummary.WarmUp(endNs, RULE, lastHop, p99MaxNs, p99MaxHop,
                neverSettled);
    }

    private static String name(AnalysisSummary.HopRow hop) {
        return hop.hop() + " (" + hop.locality().toLowerCase(Locale.ROOT) + ")";
    }

    /**
     * The index of the window from which the hop is settled: the first settled one of whose
     * {@link #SETTLED_RUN} windows (or all the rest) at most one is not; the number of windows
     * if none is.
     */
    static int settledFrom(List<AnalysisSummary.WindowPoint> points) {
        double[] p99 = points.stream().mapToDouble(AnalysisSummary.WindowPoint::p99).toArray();
        double[] sorted = p99.clone();
        Arrays.sort(sorted);
        double boundMaxNs = points.stream().mapToDouble(AnalysisSummary.WindowPoint::boundMax)
                .max().orElse(0);
        double limit = Math.max(FACTOR * Math.abs(sorted[(sorted.length - 1) / 2]),
                Math.max(boundMaxNs, MIN_LIMIT_NS));
        for (int i = 0; i < p99.length; i++) {
            int end = Math.min(p99.length, i + SETTLED_RUN);
            int unsettled = 0;
            for (int j = i; j < end; j++) {
                unsettled += p99[j] <= limit ? 0 : 1;
            }
            if (p99[i] <= limit && unsettled <= 1) {
                return i;
            }
        }
        return p99.length;
    }
}
