package org.cloudprofiler.analyzer.compare;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.report.AnalysisSummary;

/**
 * Two analyses side by side, hop by hop (docs/compare.md): a hop row is matched by its kind,
 * name and locality, in order where a run has several alike (two edges between the same
 * components); rows in one run only are kept, with the other side null.
 *
 * @param a run A
 * @param b run B
 * @param hops A's rows in A's order, each with B's match, then B's rows A lacks
 * @param names what the console and the page call A and B
 */
public record RunComparison(AnalyzedRun a, AnalyzedRun b, List<HopComparison> hops,
        RunNames names) {

    /** Compares run {@code b} with run {@code a}, called A and B. */
    public static RunComparison of(AnalyzedRun a, AnalyzedRun b) {
        return of(a, b, RunNames.DEFAULT);
    }

    /** Compares run {@code b} with run {@code a}, called as {@code names} says. */
    public static RunComparison of(AnalyzedRun a, AnalyzedRun b, RunNames names) {
        Map<String, Deque<AnalysisSummary.HopRow>> unmatchedB = new LinkedHashMap<>();
        b.hops().forEach(row -> unmatchedB.computeIfAbsent(key(row), key -> new ArrayDeque<>())
                .add(row));
        List<HopComparison> hops = new ArrayList<>();
        for (AnalysisSummary.HopRow rowA : a.hops()) {
            Deque<AnalysisSummary.HopRow> alike = unmatchedB.get(key(rowA));
            hops.add(HopComparison.of(rowA, alike == null ? null : alike.poll()));
        }
        // What A left of B, in B's order.
        for (AnalysisSummary.HopRow rowB : b.hops()) {
            if (unmatchedB.get(key(rowB)).remove(rowB)) {
                hops.add(HopComparison.of(null, rowB));
            }
        }
        return new RunComparison(a, b, List.copyOf(hops), names);
    }

    private static String key(AnalysisSummary.HopRow row) {
        return row.kind() + '\n' + row.hop() + '\n' + row.locality();
    }
}
