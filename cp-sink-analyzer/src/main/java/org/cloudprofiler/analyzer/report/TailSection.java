package org.cloudprofiler.analyzer.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * summary.json's {@code tail} for a person: which hops make the slowest 1% of tuples end to end,
 * as console lines and as a report section. Stateless.
 */
final class TailSection {

    private static final String TITLE = "The tail: the slowest 1% of tuples end to end, and"
            + " which hops made them slow";
    private static final String METHOD = "Per tuple, each hop on its way as a share of its"
            + " end-to-end latency (transfers and the operators' own code: the critical path),"
            + " averaged over the tail; \"largest\" counts the tail tuples whose largest hop it"
            + " was. Shares are of the estimates; each mean latency has its bound (±).";

    private TailSection() {}

    static void print(List<AnalysisSummary.Tail> tails, PrintStream out) {
        if (tails.isEmpty()) {
            return;
        }
        out.println(TITLE);
        for (AnalysisSummary.Tail tail : tails) {
            out.printf(Locale.ROOT, "  %s: %s; largest hop most often: %s%n", tail.hop(),
                    who(tail), dominant(tail));
            for (AnalysisSummary.TailHop hop : tail.hops()) {
                out.printf(Locale.ROOT, "    %-30s share %5.1f%%  mean %-22s largest in %,d%n",
                        hop.hop(), 100 * hop.meanShare(), mean(hop), hop.dominantTuples());
            }
        }
    }

    static void html(StringBuilder html, List<AnalysisSummary.Tail> tails) {
        if (tails.isEmpty()) {
            return;
        }
        html.append("<h2>").append(HtmlReport.escape(TITLE)).append("</h2>\n<p>")
                .append(HtmlReport.escape(METHOD)).append("</p>\n");
        for (AnalysisSummary.Tail tail : tails) {
            html.append("<h3>").append(HtmlReport.escape(tail.hop())).append("</h3>\n<p>")
                    .append(HtmlReport.escape(who(tail) + "; largest hop most often: "
                            + dominant(tail))).append("</p>\n<table><tr><th>hop</th>"
                            + "<th>mean share</th><th></th><th>mean latency ± bound</th>"
                            + "<th>largest in</th></tr>\n");
            for (AnalysisSummary.TailHop hop : tail.hops()) {
                double percent = 100 * Math.max(0, Math.min(1, hop.meanShare()));
                html.append("<tr><td>").append(HtmlReport.escape(hop.hop())).append("</td><td>")
                        .append(String.format(Locale.ROOT, "%.1f%%", 100 * hop.meanShare()))
                        .append(String.format(Locale.ROOT, "</td><td style=\"width:200px;"
                                + "text-align:left\"><div style=\"background:%s;height:10px;"
                                + "width:%.1f%%\"></div>", hop.hop().equals(tail.dominant())
                                        ? "#d9534f" : "#7a9cc6", percent))
                        .append("</td><td>").append(HtmlReport.escape(mean(hop)))
                        .append(String.format(Locale.ROOT, "</td><td>%,d</td></tr>\n",
                                hop.dominantTuples()));
            }
            html.append("</table>\n");
        }
    }

    /** {@code 10 of 1,000 tuples, from 1.00 ms (mean 1.20 ms ± 10 ns)}. */
    private static String who(AnalysisSummary.Tail tail) {
        return String.format(Locale.ROOT, "%,d of %,d tuples, from %s (mean %s ± %s)",
                tail.tuples(), tail.ofTuples(), SvgCharts.durationLabel(tail.thresholdNs()),
                SvgCharts.durationLabel(tail.meanNs()),
                SvgCharts.durationLabel(tail.meanBoundNs()));
    }

    /**
     * The hop most often the largest, or {@code none} with why: no tail tuple had one largest
     * hop, or {@code none: bolt and sink tie, largest in 5 tuples each}.
     */
    static String dominant(AnalysisSummary.Tail tail) {
        if (tail.dominant() != null) {
            return tail.dominant();
        }
        long most = tail.hops().stream().mapToLong(AnalysisSummary.TailHop::dominantTuples)
                .max().orElse(0);
        if (most == 0) {
            return "none";
        }
        List<String> tied = tail.hops().stream().filter(hop -> hop.dominantTuples() == most)
                .map(AnalysisSummary.TailHop::hop).toList();
        return String.format(Locale.ROOT, "none: %s tie, largest in %,d tuples each",
                String.join(" and ", tied), most);
    }

    private static String mean(AnalysisSummary.TailHop hop) {
        return hop.meanNs() == null ? "no bounded sample" : SvgCharts.durationLabel(hop.meanNs())
                + " ± " + SvgCharts.durationLabel(hop.meanBoundNs());
    }
}
