package org.cloudprofiler.analyzer.report;

import java.util.List;
import java.util.Locale;
import org.cloudprofiler.analyzer.join.HopKind;

/**
 * Renders report.html: one self-contained page, no script, no request for anything (its Content
 * Security Policy forbids every load), so it opens offline and from anywhere. Stateless.
 */
final class HtmlReport {

    private HtmlReport() {}

    public static String render(AnalysisSummary summary) {
        StringBuilder html = HtmlPage.start("cloudprofiler analysis",
                ".warn{background:#fff3cd;border:1px solid #e0c36b;padding:8px}"
                        + ".notes{background:#eef3fb;border:1px solid #9db4d8;padding:8px}");
        html.append("<p>").append(summary.finished() ? "Final" : "Live (refreshing)")
                .append(" results. Latencies on the clock of <b>")
                .append(escape(summary.referenceNode())).append("</b>, translated with ")
                .append(summary.synchronizedClocks() ? escape(summary.method())
                        + " over sync.json" : "no sync data (single clock)")
                .append(". Every latency comes with its bound (±).</p>\n");
        if (!summary.unsynchronizedPairs().isEmpty()) {
            html.append("<p class=\"warn\">Unsynchronized node pairs: ")
                    .append(escape(String.join(", ", summary.unsynchronizedPairs())))
                    .append(". Hops between them are unbounded: counted, never given a number."
                            + "</p>\n");
        }
        anomalies(html, summary);
        violations(html, summary);
        run(html, summary);
        html.append("<h2>Topology</h2>\n<p>Each box a component, top to bottom along the data"
                + " flow, with its compute hop (a task's <code>in</code> to its <code>out</code>)"
                + " over all its tasks and, with several tasks, each task's (the slowest when"
                + " they are many); each arrow a transfer hop, dashed for a chained hop (the next"
                + " operator in the same thread: a method call). Figures: p50 and p99 of the"
                + " latency, and the largest bound (±) of any of its samples.</p>\n")
                .append(TopologyGraph.render(summary.hops(), summary.operators()));
        endToEnd(html, summary);
        html.append(TimelineCharts.render(summary.hops(), summary.warmUp(),
                summary.analysed()));
        html.append("<h2>Latency and bound per hop</h2>\n")
                .append(SvgCharts.boxPlots(summary.hops()))
                .append("<p>Boxes: 25th to 75th percentile, black line the median, whiskers 1st"
                        + " to 99th percentile, dots minimum and maximum. The scale is"
                        + " logarithmic either side of a linear band around 0: latencies below"
                        + " zero lie left of the grey zero line, and a bound of 0 on it. Right:"
                        + " each bound's p50 and maximum.</p>\n");
        hopTable(html, summary);
        TailSection.html(html, summary.tail());
        html.append("<h2>Throughput over time</h2>\n<p>One panel per operator, all on the same"
                + " axes: tuples per second counted by its count channels.</p>\n")
                .append(SvgCharts.throughput(summary.operators()));
        cpu(html, summary);
        input(html, summary);
        return html.append("</body></html>\n").toString();
    }

    /** The run's anomalies in plain words, first on the page, or that there are none. */
    private static void anomalies(StringBuilder html, AnalysisSummary summary) {
        List<String> notes = AnomalyNotes.of(summary);
        if (notes.isEmpty()) {
            html.append("<p class=\"notes\">Nothing unusual: every tuple completed, nothing was"
                    + " dropped, every hop is bounded and the input was intact.</p>\n");
            return;
        }
        html.append("<div class=\"notes\"><b>Read first</b><ul>");
        notes.forEach(note -> html.append("<li>").append(escape(note)).append("</li>"));
        html.append("</ul></div>\n");
    }

    /** The end-to-end rows under the graph: the whole way from the first component to a sink. */
    private static void endToEnd(StringBuilder html, AnalysisSummary summary) {
        html.append("<ul>");
        for (AnalysisSummary.HopRow hop : summary.hops()) {
            if (HopKind.endToEnd(hop.kind())) {
                html.append("<li>").append(escape(hop.hop())).append(" (")
                        .append(hop.locality().toLowerCase(Locale.ROOT)).append("): ")
                        .append(escape(String.join(", ", TopologyGraph.figures(hop, false))))
                        .append("</li>");
            }
        }
        html.append("</ul>\n");
    }

    /** Durations below zero by more than their bound, first on the page: they void a promise. */
    private static void violations(StringBuilder html, AnalysisSummary summary) {
        if (summary.violations().isEmpty()) {
            return;
        }
        html.append("<div class=\"warn\"><b>Violations: durations below zero by more than"
                + " their bound.</b> A true duration is never negative: a probe logged the wrong"
                + " moment, or the clock data is wrong.<ul>");
        for (AnalysisSummary.Violation violation : summary.violations()) {
            html.append("<li>").append(escape(violation.what()));
            if (violation.locality() != null) {
                html.append(" (").append(violation.locality().toLowerCase(Locale.ROOT))
                        .append(")");
            }
            html.append(String.format(Locale.ROOT, ": %,d, worst ", violation.samples()))
                    .append(escape(SvgCharts.durationLabel(violation.worst()))).append("</li>");
        }
        html.append("</ul></div>\n");
    }

    private static void run(StringBuilder html, AnalysisSummary summary) {
        AnalysisSummary.Run run = summary.run();
        html.append("<h2>Run</h2>\n<table>");
        row(html, "duration", run.durationNs() == null ? "unknown"
                : runDurationLabel(run.durationNs()) + " ± "
                        + SvgCharts.durationLabel(run.durationBoundNs()));
        row(html, "tuples from sources", run.sourceTuples() == null ? "unknown"
                : String.format(Locale.ROOT, "%,d", run.sourceTuples()));
        row(html, "throughput", run.throughputTuplesPerSecond() == null ? "unknown"
                : String.format(Locale.ROOT, "%,.0f tuples/s", run.throughputTuplesPerSecond()));
        row(html, "tuples joined", String.format(Locale.ROOT, "%,d complete, %,d timed out%s%s",
                summary.tuples().complete(), summary.tuples().timedOut(),
                ConsoleTable.unsampled(summary.tuples()), ConsoleTable.sampled(summary.tuples())));
        if (!ConsoleTable.outputs(summary.tuples()).isEmpty()) {
            row(html, "outputs", ConsoleTable.outputs(summary.tuples()));
        }
        row(html, "drops", String.format(Locale.ROOT, "%,d records lost by channels, %,d by"
                + " generator/JOF", summary.drops().channelRecordsDropped(),
                summary.drops().externalDropped()));
        html.append("</table>\n<p>").append(escape(run.note())).append("</p>\n");
    }

    /** A run is seconds long and its bound ns or µs: a millisecond digit tells more. */
    private static String runDurationLabel(double ns) {
        return ns >= 1e9 ? String.format(Locale.ROOT, "%.3f s", ns / 1e9)
                : SvgCharts.durationLabel(ns);
    }

    private static void hopTable(StringBuilder html, AnalysisSummary summary) {
        html.append("<table><tr><th>hop</th><th>locality</th><th>samples</th><th>unbounded</th>"
                + "<th>below 0 within bound</th><th>violating</th><th>min</th><th>p50</th>"
                + "<th>p90</th><th>p99</th><th>p99.9</th><th>max</th><th>mean</th>"
                + "<th>bound p50</th><th>bound max</th></tr>\n");
        for (AnalysisSummary.HopRow hop : summary.hops()) {
            html.append("<tr><td>").append(escape(hop.hop())).append("</td><td>")
                    .append(hop.locality().toLowerCase(Locale.ROOT)).append("</td>");
            for (long count : new long[] {hop.samples(), hop.unboundedSamples(),
                hop.negativeSamples(), hop.violatingSamples()}) {
                html.append(String.format(Locale.ROOT, "<td>%,d</td>", count));
            }
            LatencyStats latency = hop.latencyNs();
            LatencyStats bound = hop.boundNs();
            if (latency == null) {
                html.append("<td colspan=\"9\">no bounded samples</td></tr>\n");
                continue;
            }
            for (double value : new double[] {latency.min(), latency.p50(), latency.p90(),
                latency.p99(), latency.p999(), latency.max(), latency.mean(), bound.p50(),
                bound.max()}) {
                html.append("<td>").append(SvgCharts.durationLabel(value)).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    private static void cpu(StringBuilder html, AnalysisSummary summary) {
        html.append("<h2>CPU per tuple per operator</h2>\n<p>The CPU time of each operator's"
                + " executor threads over the tuples that entered it, at the rate they entered"
                + " while it was measured. <b>User's code</b> (green) is the time from a tuple's"
                + " <code>in</code> to its <code>out</code>: the operator's own code up to the"
                + " hand-off of its first output, measured as wall time on the thread (an upper"
                + " bound of its CPU while the thread is not descheduled). <b>Engine</b> (grey)"
                + " is the rest of the threads' CPU: transport, serialization and polling while"
                + " idle, which dominates at low rates. Sources and sinks have no"
                + " <code>in -&gt; out</code> around their own code: their whole thread is"
                + " shown.</p>\n").append(SvgCharts.cpu(summary.operators()));
        html.append("<table><tr><th>operator</th><th>tuples/s</th><th>thread CPU per tuple</th>"
                + "<th>user's code</th><th>engine</th><th>note</th></tr>\n");
        for (AnalysisSummary.Operator operator : summary.operators()) {
            AnalysisSummary.Cpu cpu = operator.cpu();
            if (cpu == null) {
                continue;
            }
            html.append("<tr><td>").append(escape(operator.component())).append("</td><td>")
                    .append(cpu.tuplesPerSecond() == null ? "unknown" : String.format(
                            Locale.ROOT, "%,.0f", cpu.tuplesPerSecond()));
            for (Double ns : new Double[] {cpu.threadNsPerTuple(), cpu.userCodeNsPerTuple(),
                cpu.engineNsPerTuple()}) {
                html.append("</td><td>").append(ns == null ? "–" : SvgCharts.durationLabel(ns));
            }
            html.append("</td><td>").append(escape(cpu.note())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static void input(StringBuilder html, AnalysisSummary summary) {
        AnalysisSummary.Input input = summary.input();
        html.append("<h2>Input</h2>\n<p>").append(String.format(Locale.ROOT, "%d files read"
                + " (%d skipped), %,d records, %,d bytes; %d damaged blocks and %,d bytes"
                + " skipped; %d files not closed cleanly.", input.files(), input.filesSkipped(),
                input.recordsRead(), input.bytesRead(), input.blocksSkipped(),
                input.bytesSkipped(), input.filesNotClosed())).append("</p>\n<ul>");
        input.problems().forEach(problem -> html.append("<li>").append(escape(problem.toString()))
                .append("</li>"));
        summary.notes().forEach(note -> html.append("<li>").append(escape(note))
                .append("</li>"));
        html.append("</ul>\n");
    }

    private static void row(StringBuilder html, String name, String value) {
        html.append("<tr><td>").append(escape(name)).append("</td><td>").append(escape(value))
                .append("</td></tr>");
    }

    static String escape(String text) {
        if (text == null) {
            return "";
        }
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
