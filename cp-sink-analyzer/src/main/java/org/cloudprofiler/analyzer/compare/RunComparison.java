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
 * @param a where run A was read from
 * @param b where run B was read from
 * @param hops A's rows in A's order, each with B's match, then B's rows A lacks
 */
public record RunComparison(String a, String b, List<HopComparison> hops) {

    /** Compares run {@code b} with run {@code a}. */
    public static RunComparison of(AnalyzedRun a, AnalyzedRun b) {
        Map<String, AnalysisSummary.HopRow> unmatchedB = new LinkedHashMap<>();
        b.hops().forEach(row -> unmatchedB.put(key(row), row));
        List<HopComparison> hops = new ArrayList<>();
        for (AnalysisSummary.HopRow rowA : a.hops()) {
            hops.add(HopComparison.of(rowA, unmatchedB.remove(key(rowA))));
        }
        unmatchedB.values().forEach(rowB -> hops.add(HopComparison.of(null, rowB)));
        return new RunComparison(a.source(), b.source(), List.copyOf(hops));
    }

    private static String key(AnalysisSummary.HopRow row) {
        return row.hop() + '\n' + row.locality();
    }
}
