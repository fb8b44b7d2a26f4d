package org.cloudprofiler.analyzer.report;

import java.util.Locale;
import org.cloudprofiler.analyzer.compare.HopComparison;
import org.cloudprofiler.analyzer.compare.PercentileComparison;
import org.cloudprofiler.analyzer.compare.RunComparison;
import org.cloudprofiler.analyzer.compare.RunNames;

/**
 * The console form of {@code cloudprofiler compare}: a warning line per reason A and B are not
 * comparable as they stand, then a line per hop and percentile; each run by its name
 * ({@link RunComparison#names}). Stateless.
 */
public final class ComparisonTable {

    /** The difference column's least width: "B - A" of the longest names widens it. */
    private static final int DIFFERENCE_WIDTH = 11;

    private ComparisonTable() {}

    public static String render(RunComparison comparison) {
        RunNames names = comparison.names();
        String differenceHeading = names.b() + " - " + names.a();
        String row = "%-32s %-7s %-4s %22s %22s %"
                + Math.max(DIFFERENCE_WIDTH, differenceHeading.length()) + "s  %s%n";
        StringBuilder text = new StringBuilder();
        text.append(names.a()).append(": ").append(comparison.a().source()).append('\n')
                .append(names.b()).append(": ").append(comparison.b().source()).append('\n');
        ComparabilityWarnings.of(comparison).forEach(warning -> text.append("Warning: ")
                .append(warning).append('\n'));
        text.append(String.format(Locale.ROOT, row, "hop", "where", "", names.a() + " ± bound",
                names.b() + " ± bound", differenceHeading, "verdict"));
        for (HopComparison hop : comparison.hops()) {
            String name = hop.hop().length() > 32 ? hop.hop().substring(0, 31) + "~" : hop.hop();
            String where = hop.locality().toLowerCase(Locale.ROOT);
            if (hop.a() == null || hop.b() == null) {
                text.append(String.format(Locale.ROOT, "%-32s %-7s only in %s%n", name, where,
                        hop.a() == null ? names.b() : names.a()));
            } else if (hop.p50() == null) {
                text.append(String.format(Locale.ROOT, "%-32s %-7s not comparable: %s%n", name,
                        where, ComparisonReport.whyNotComparable(hop, names)));
            } else {
                percentile(text, row, name, where, "p50", hop.p50());
                percentile(text, row, "", "", "p99", hop.p99());
            }
        }
        return text.append(ComparisonReport.RULE).append('\n').toString();
    }

    private static void percentile(StringBuilder text, String row, String name, String where,
            String percentile, PercentileComparison values) {
        text.append(String.format(Locale.ROOT, row, name, where, percentile,
                ComparisonReport.withBound(values.aNs(), values.aBoundNs()),
                ComparisonReport.withBound(values.bNs(), values.bBoundNs()),
                ComparisonReport.difference(values.differenceNs()), values.verdict().label()));
    }
}
