package org.cloudprofiler.analyzer.report;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.DoubleStream;

/**
 * Draws each hop row's latency over time as inline SVG: its per-window p50 and p99 as lines
 * against seconds since the run's start, on the report's scale, logarithmic in magnitude either
 * side of a linear band around 0 ({@link SignedLogScale}), so the steady state stays readable
 * beside a warm-up 100 times slower; the warm-up shaded. A line breaks over windows without
 * samples rather than joining their neighbours. One chart per hop row, all on the same time
 * axis, which starts where the part analysed ({@code --from}) does, sized for a page 1,400 px
 * wide: labels stay inside the drawing and the legend sits above the plot, never over it.
 * Stateless.
 */
final class TimelineCharts {

    static final String P99_COLOR = "#b8322a";
    private static final String WARM_UP_COLOR = "#e9e9e9";
    private static final int WIDTH = 1300;
    private static final int HEIGHT = 200;
    private static final int LEFT = 80;
    private static final int RIGHT = 20;
    private static final int TOP = 36;
    private static final int BOTTOM = 40;

    private TimelineCharts() {}

    /**
     * The charts with a sentence on how to read them, or a sentence why there are none.
     *
     * @param analysed the part of the run the hop rows' samples are from; null for all of it
     */
    static String render(List<AnalysisSummary.HopRow> hops, AnalysisSummary.WarmUp warmUp,
            AnalysisSummary.Analysed analysed) {
        long fromNs = analysed == null ? 0 : analysed.fromNs();
        double fromSeconds = fromNs / 1e9;
        double endSeconds = fromSeconds;
        double startSeconds = fromSeconds;
        boolean any = false;
        for (AnalysisSummary.HopRow hop : hops) {
            if (hop.overTime() != null && !hop.overTime().points().isEmpty()) {
                any = true;
                List<AnalysisSummary.WindowPoint> points = hop.overTime().points();
                startSeconds = Math.min(startSeconds, points.get(0).startNs() / 1e9);
                endSeconds = Math.max(endSeconds, (points.get(points.size() - 1).startNs()
                        + hop.overTime().windowNs()) / 1e9);
            }
        }
        StringBuilder html = new StringBuilder("<h2>Latency over time</h2>\n");
        if (!any) {
            return html.append("<p>No hop has bounded samples with a known time.</p>\n")
                    .toString();
        }
        html.append("<p>Per hop, the p50 (blue) and p99 (red) of the latencies in each window"
                + " of time, by when the hop started on the reference clock, in seconds since"
                + " the run's start; the scale is logarithmic. ");
        if (warmUp != null && warmUp.endNs() != null) {
            html.append(fromNs == 0 ? "Shaded: the warm-up, the first "
                    : "Shaded: the warm-up in the part analysed, from "
                            + HtmlReport.escape(SvgCharts.durationLabel(fromNs))
                            + " to ")
                    .append(HtmlReport.escape(SvgCharts.durationLabel(warmUp.endNs())))
                    .append(" (").append(HtmlReport.escape(warmUp.rule())).append(").");
        } else {
            html.append("No warm-up was found (").append(warmUp == null ? ""
                    : HtmlReport.escape(warmUp.rule())).append(").");
        }
        html.append("</p>\n");
        for (AnalysisSummary.HopRow hop : hops) {
            if (hop.overTime() != null && !hop.overTime().points().isEmpty()) {
                html.append(chart(hop, startSeconds, endSeconds, fromSeconds, warmUp))
                        .append('\n');
            }
        }
        return html.toString();
    }

    private static String chart(AnalysisSummary.HopRow hop, double startSeconds,
            double endSeconds, double fromSeconds, AnalysisSummary.WarmUp warmUp) {
        AnalysisSummary.OverTime overTime = hop.overTime();
        SignedLogScale scale = SignedLogScale.covering(overTime.points().stream()
                .flatMapToDouble(point -> DoubleStream.of(point.p50(), point.p99())).toArray());
        double plotWidth = WIDTH - LEFT - RIGHT;
        double plotHeight = HEIGHT - TOP - BOTTOM;
        double spanSeconds = Math.max(endSeconds - startSeconds, 1e-9);
        DoubleUnaryOperator x = seconds -> LEFT
                + (seconds - startSeconds) / spanSeconds * plotWidth;
        DoubleUnaryOperator y = ns -> TOP + plotHeight * (1 - scale.position(ns));
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\""
                + " width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\""
                + " font-family=\"sans-serif\" font-size=\"12\">", WIDTH, HEIGHT,
                HtmlReport.escape("latency over time of " + hop.hop())));
        if (warmUp != null && warmUp.endNs() != null) {
            double warmUpEnd = Math.min(x.applyAsDouble(warmUp.endNs() / 1e9), LEFT + plotWidth);
            double warmUpStart = x.applyAsDouble(Math.max(startSeconds, fromSeconds));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\""
                    + " height=\"%.1f\" fill=\"%s\"/>", warmUpStart, TOP,
                    Math.max(0, warmUpEnd - warmUpStart), plotHeight, WARM_UP_COLOR));
            svg.append(SvgCharts.text(warmUpStart + 4, TOP + 14, "start", "warm-up"));
        }
        svg.append(SvgCharts.text(LEFT, 16, "start", hop.hop() + " ("
                + hop.locality().toLowerCase(Locale.ROOT) + "), windows of "
                + SvgCharts.durationLabel(overTime.windowNs())));
        svg.append(legend(WIDTH - RIGHT - 150, 16, SvgCharts.LATENCY_COLOR, "p50"));
        svg.append(legend(WIDTH - RIGHT - 75, 16, P99_COLOR, "p99"));
        for (double ns : scale.ticks()) {
            double at = y.applyAsDouble(ns);
            svg.append(SvgCharts.line(LEFT, at, LEFT + plotWidth, at,
                    ns == 0 ? "#999999" : "#eeeeee"));
            svg.append(SvgCharts.text(LEFT - 6, at + 4, "end", SvgCharts.durationLabel(ns)));
        }
        double secondsStep = niceStep(spanSeconds / 10);
        for (double seconds = Math.ceil(startSeconds / secondsStep) * secondsStep;
                seconds <= endSeconds + 1e-9; seconds += secondsStep) {
            double at = x.applyAsDouble(seconds);
            svg.append(SvgCharts.line(at, TOP + plotHeight, at, TOP + plotHeight + 4, "#555555"));
            svg.append(SvgCharts.text(at, TOP + plotHeight + 17, "middle",
                    BigDecimal.valueOf(Math.round(seconds * 1000) / 1000.0).stripTrailingZeros()
                            .toPlainString() + " s"));
        }
        svg.append(SvgCharts.line(LEFT, TOP + plotHeight, LEFT + plotWidth, TOP + plotHeight,
                "#555555"));
        svg.append(SvgCharts.line(LEFT, TOP, LEFT, TOP + plotHeight, "#555555"));
        svg.append(SvgCharts.text(LEFT + plotWidth / 2, HEIGHT - 4, "middle",
                "seconds since the run's start (when the hop started)"));
        for (boolean p99 : new boolean[] {false, true}) {
            svg.append(String.format(Locale.ROOT, "<path d=\"%s\" fill=\"none\" stroke=\"%s\""
                    + " stroke-width=\"1.5\" stroke-linecap=\"round\"/>",
                    linePath(overTime, p99, x, y), p99 ? P99_COLOR : SvgCharts.LATENCY_COLOR));
        }
        return svg.append("</svg>").toString();
    }

    /**
     * The path through the windows' p50 or p99, at their middles: a move-to after every window
     * without samples, so a gap is not drawn as a line; a window alone between gaps is a dot.
     */
    private static String linePath(AnalysisSummary.OverTime overTime, boolean p99,
            DoubleUnaryOperator x, DoubleUnaryOperator y) {
        List<AnalysisSummary.WindowPoint> points = overTime.points();
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < points.size(); i++) {
            AnalysisSummary.WindowPoint point = points.get(i);
            boolean follows = i > 0
                    && point.startNs() - points.get(i - 1).startNs() == overTime.windowNs();
            boolean followed = i + 1 < points.size()
                    && points.get(i + 1).startNs() - point.startNs() == overTime.windowNs();
            path.append(i == 0 ? "" : " ").append(follows ? "L" : "M")
                    .append(String.format(Locale.ROOT, "%.1f %.1f",
                            x.applyAsDouble((point.startNs() + overTime.windowNs() / 2.0) / 1e9),
                            y.applyAsDouble(p99 ? point.p99() : point.p50())));
            if (!follows && !followed) {
                path.append(" h0");
            }
        }
        return path.toString();
    }

    /** 1, 2 or 5 times a power of ten, at least {@code rough}. */
    static double niceStep(double rough) {
        double power = Math.pow(10, Math.floor(Math.log10(Math.max(rough, 1e-9))));
        for (double factor : new double[] {1, 2, 5, 10}) {
            if (factor * power >= rough) {
                return factor * power;
            }
        }
        return 10 * power;
    }

    private static String legend(double x, double y, String color, String label) {
        return String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"18\""
                + " height=\"3\" fill=\"%s\"/>", x, y - 5, color)
                + SvgCharts.text(x + 22, y, "start", label);
    }
}
