package org.cloudprofiler.analyzer.report;

import java.util.Locale;
import org.cloudprofiler.analyzer.compare.HopComparison;
import org.cloudprofiler.analyzer.compare.PercentileComparison;
import org.cloudprofiler.analyzer.compare.RunComparison;
import org.cloudprofiler.analyzer.compare.RunNames;
import org.cloudprofiler.analyzer.compare.Verdict;

/**
 * The HTML form of {@code cloudprofiler compare}, with the console's warnings above its table:
 * one self-contained page under the same
 * Content Security Policy as report.html (no script, nothing loaded); each run by its name
 * ({@link RunComparison#names}), and when the user named them, each run's locality and bounded
 * samples of every hop. Stateless.
 */
public final class ComparisonReport {

    /** The rule behind every verdict, in the words both forms print under their table. */
    static final String RULE = "A difference counts as faster or slower only when it exceeds"
            + " the two percentiles' bounds added together; a smaller one is within bounds: the"
            + " clocks' error alone could make it. A percentile's bound is the largest bound of"
            + " its hop's samples plus the histogram's rounding (docs/compare.md).";

    private ComparisonReport() {}

    public static String render(RunComparison comparison) {
        RunNames names = comparison.names();
        String nameA = HtmlReport.escape(names.a());
        String nameB = HtmlReport.escape(names.b());
        StringBuilder html = HtmlPage.start(names.byDefault() ? "cloudprofiler comparison"
                        : names.a() + " vs " + names.b(),
                ".faster{background:#d4edda}.slower{background:#f8d7da}"
                        + ".warning{background:#fff3cd;padding:4px}")
                .append("<p>").append(nameA).append(": <b>")
                .append(HtmlReport.escape(comparison.a().source())).append("</b><br>")
                .append(nameB).append(": <b>")
                .append(HtmlReport.escape(comparison.b().source())).append("</b></p>\n");
        ComparabilityWarnings.of(comparison).forEach(warning -> html.append(
                "<p class=\"warning\">Warning: ").append(HtmlReport.escape(warning))
                .append("</p>\n"));
        html.append("<p>").append(HtmlReport.escape(RULE)).append("</p>\n")
                .append("<table><tr><th>hop</th>").append(names.byDefault()
                        ? "<th>locality</th>" : sideHeadings(nameA) + sideHeadings(nameB))
                .append("<th>percentile</th><th>").append(nameA).append(" ± bound</th><th>")
                .append(nameB).append(" ± bound</th><th>").append(nameB).append(" − ")
                .append(nameA).append("</th><th>verdict</th></tr>\n");
        for (HopComparison hop : comparison.hops()) {
            String start = rowStart(hop, names.byDefault());
            if (hop.a() == null || hop.b() == null) {
                html.append(start).append("<td colspan=\"5\">only in ")
                        .append(hop.a() == null ? nameB : nameA).append("</td></tr>\n");
            } else if (hop.p50() == null) {
                html.append(start).append("<td colspan=\"5\">not comparable: ")
                        .append(HtmlReport.escape(whyNotComparable(hop, names)))
                        .append("</td></tr>\n");
            } else {
                percentile(html, start, "p50", hop.p50());
                percentile(html, start, "p99", hop.p99());
            }
        }
        return html.append("</table>\n</body></html>\n").toString();
    }

    /**
     * A row's cells before its percentile: the hop and its locality; or, when the user named the
     * runs, each run's locality and bounded samples of it, empty where the run lacks the hop.
     */
    private static String rowStart(HopComparison hop, boolean byDefault) {
        // Both read from files the user gave: anything may be in them.
        String start = "<tr><td>" + HtmlReport.escape(hop.hop()) + "</td>";
        return byDefault ? start + "<td>" + locality(hop.locality()) + "</td>"
                : start + sideCells(hop.a()) + sideCells(hop.b());
    }

    private static String sideHeadings(String escapedName) {
        return "<th>" + escapedName + ": locality</th><th>" + escapedName
                + ": bounded samples</th>";
    }

    private static String sideCells(AnalysisSummary.HopRow row) {
        return row == null ? "<td></td><td></td>" : String.format(Locale.ROOT,
                "<td>%s</td><td>%,d</td>", locality(row.locality()), row.boundedSamples());
    }

    private static String locality(String locality) {
        return HtmlReport.escape(locality.toLowerCase(Locale.ROOT));
    }

    private static void percentile(StringBuilder html, String start, String percentile,
            PercentileComparison values) {
        Verdict verdict = values.verdict();
        html.append(start).append("<td>").append(percentile).append("</td><td>")
                .append(withBound(values.aNs(), values.aBoundNs())).append("</td><td>")
                .append(withBound(values.bNs(), values.bBoundNs())).append("</td><td>")
                .append(difference(values.differenceNs())).append("</td><td class=\"")
                .append(verdict.name().toLowerCase(Locale.ROOT)).append("\">")
                .append(verdict.label()).append("</td></tr>\n");
    }

    /** Why a hop both runs have cannot be compared: a run, or both, without bounded samples. */
    static String whyNotComparable(HopComparison hop, RunNames names) {
        boolean aHasNone = hop.a().latencyNs() == null;
        boolean bHasNone = hop.b().latencyNs() == null;
        return aHasNone && bHasNone ? "neither run has bounded samples of it"
                : (aHasNone ? names.a() : names.b()) + " has no bounded samples of it";
    }

    static String withBound(double valueNs, double boundNs) {
        return SvgCharts.durationLabel(valueNs) + " ± " + SvgCharts.durationLabel(boundNs);
    }

    static String difference(double differenceNs) {
        return (differenceNs > 0 ? "+" : "") + SvgCharts.durationLabel(differenceNs);
    }
}
