package org.cloudprofiler.analyzer.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.report.AnalysisSummary;

/**
 * Two analyses side by side, hop by hop (docs/compare.md): a hop is matched by its name and
 * locality; rows in one run only are kept, with the other side null.
 *
 * @param a run A
 * @param b run B
 * @param hops A's rows in A's order, each with B's match, then B's rows A lacks
 */
public record RunComparison(AnalyzedRun a, AnalyzedRun b, List<HopComparison> hops) {

    /** Compares run {@code b} with run {@code a}. */
    public static RunComparison of(AnalyzedRun a, AnalyzedRun b) {
        Map<String, AnalysisSummary.HopRow> unmatchedB = new LinkedHashMap<>();
        b.hops().forEach(row -> unmatchedB.put(key(row), row));
        List<HopComparison> hops = new ArrayList<>();
        for (AnalysisSummary.HopRow rowA : a.hops()) {
            hops.add(HopComparison.of(rowA, unmatchedB.remove(key(rowA))));
        }
        unmatchedB.values().forEach(rowB -> hops.add(HopComparison.of(null, rowB)));
        return new RunComparison(a, b, List.copyOf(hops));
    }

    private static String key(AnalysisSummary.HopRow row) {
        return row.hop() + '\n' + row.locality();
    }
}
