package org.cloudprofiler.analyzer.report;

import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.analyzer.join.Hop;
import org.cloudprofiler.analyzer.stats.TailBreakdown;

/**
 * Turns the merged {@link TailBreakdown} into summary.json's {@code tail}. Its {@code dominant}
 * is the one hop most often the largest on a tail tuple's way; when several are that as often,
 * none is (as a tuple whose largest hops tie counts for none of them). Stateless.
 */
final class TailSummary {

    private TailSummary() {}

    /** One entry per end-to-end hop with a bounded sample; empty if {@code breakdown} is null. */
    static List<AnalysisSummary.Tail> of(List<Hop> hops, TailBreakdown breakdown) {
        List<AnalysisSummary.Tail> tails = new ArrayList<>();
        if (breakdown == null) {
            return tails;
        }
        int[] endToEndHops = breakdown.paths().endToEndHops();
        for (int e = 0; e < endToEndHops.length; e++) {
            TailBreakdown.Tail tail = breakdown.tail(e);
            if (tail != null) {
                tails.add(entry(hops, hops.get(endToEndHops[e]),
                        breakdown.paths().pathHops()[e], tail));
            }
        }
        return tails;
    }

    private static AnalysisSummary.Tail entry(List<Hop> hops, Hop endToEnd, int[] pathHops,
            TailBreakdown.Tail tail) {
        TailBreakdown.Sums sums = tail.sums();
        List<AnalysisSummary.TailHop> onTheWay = new ArrayList<>();
        String dominant = null;
        long dominantTuples = 0;
        int hopsAsDominant = 0;
        for (int h = 0; h < pathHops.length; h++) {
            Hop hop = hops.get(pathHops[h]);
            long samples = sums.hopSamples(h);
            onTheWay.add(new AnalysisSummary.TailHop(hop.name(), hop.kind().name(),
                    sums.hopShareSum(h) / sums.tuples(), samples,
                    samples == 0 ? null : sums.hopLatencySumNs(h) / samples,
                    samples == 0 ? null : sums.hopBoundSumNs(h) / samples,
                    sums.hopDominant(h)));
            if (sums.hopDominant(h) > dominantTuples) {
                dominant = hop.name();
                dominantTuples = sums.hopDominant(h);
                hopsAsDominant = 1;
            } else if (sums.hopDominant(h) == dominantTuples && dominantTuples > 0) {
                hopsAsDominant++;
            }
        }
        return new AnalysisSummary.Tail(endToEnd.name(), sums.tuples(), tail.ofTuples(),
                sums.minLatencyNs(), sums.latencySumNs() / sums.tuples(),
                sums.boundSumNs() / sums.tuples(), hopsAsDominant == 1 ? dominant : null,
                List.copyOf(onTheWay));
    }
}
