package org.cloudprofiler.analyzer.report;

import java.util.Locale;
import org.cloudprofiler.analyzer.compare.HopComparison;
import org.cloudprofiler.analyzer.compare.PercentileComparison;
import org.cloudprofiler.analyzer.compare.RunComparison;

/**
 * The console form of {@code cloudprofiler compare}: a warning line per reason A and B are not
 * comparable as they stand, then a line per hop and percentile. Stateless.
 */
public final class ComparisonTable {

    private static final String ROW = "%-32s %-7s %-4s %22s %22s %11s  %s%n";

    private ComparisonTable() {}

    public static String render(RunComparison comparison) {
        StringBuilder text = new StringBuilder();
        text.append("A: ").append(comparison.a().source()).append('\n')
                .append("B: ").append(comparison.b().source()).append('\n');
        ComparabilityWarnings.of(comparison).forEach(warning -> text.append("Warning: ")
                .append(warning).append('\n'));
        text.append(String.format(Locale.ROOT, ROW, "hop", "where", "", "A ± bound",
                        "B ± bound", "B - A", "verdict"));
        for (HopComparison hop : comparison.hops()) {
            String name = hop.hop().length() > 32 ? hop.hop().substring(0, 31) + "~" : hop.hop();
            String where = hop.locality().toLowerCase(Locale.ROOT);
            if (hop.a() == null || hop.b() == null) {
                text.append(String.format(Locale.ROOT, "%-32s %-7s only in %s%n", name, where,
                        hop.a() == null ? "B" : "A"));
            } else if (hop.p50() == null) {
                text.append(String.format(Locale.ROOT, "%-32s %-7s not comparable: %s%n", name,
                        where, ComparisonReport.whyNotComparable(hop)));
            } else {
                percentile(text, name, where, "p50", hop.p50());
                percentile(text, "", "", "p99", hop.p99());
            }
        }
        return text.append(ComparisonReport.RULE).append('\n').toString();
    }

    private static void percentile(StringBuilder text, String name, String where,
            String percentile, PercentileComparison values) {
        text.append(String.format(Locale.ROOT, ROW, name, where, percentile,
                ComparisonReport.withBound(values.aNs(), values.aBoundNs()),
                ComparisonReport.withBound(values.bNs(), values.bBoundNs()),
                ComparisonReport.difference(values.differenceNs()), values.verdict().label()));
    }
}
