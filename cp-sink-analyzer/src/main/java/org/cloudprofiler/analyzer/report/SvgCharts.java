package org.cloudprofiler.analyzer.report;

import java.util.List;
import java.util.Locale;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;
import org.cloudprofiler.analyzer.stats.TupleDuration;

/**
 * The report's plots as inline SVG, drawn here so the page needs nothing from the network: box
 * plots of latency and bound per hop on a signed log scale, throughput over time per operator,
 * bars of CPU per tuple split into the user's code and the engine; each at most
 * {@link #PAGE_WIDTH} wide, with every label inside it. Stateless.
 */
final class SvgCharts {

    /** Latency boxes. */
    static final String LATENCY_COLOR = "#3b6fd4";
    /** Bound boxes. */
    static final String BOUND_COLOR = "#e8833a";
    /** CPU bars: the user's code. */
    static final String CPU_COLOR = "#4c9a5b";
    /** CPU bars: the engine's share of the thread. */
    static final String ENGINE_COLOR = "#9aa5b1";
    /** CPU bars: a thread whose CPU is not split. */
    static final String THREAD_COLOR = "#b7d7bd";
    private static final String[] LINE_COLORS = {
        "#3b6fd4", "#e8833a", "#4c9a5b", "#c44e52", "#8172b2", "#937860", "#da8bc3", "#8c8c8c"};
    /** The widest a chart may be: a 1400 px window less the page's margins. */
    static final int PAGE_WIDTH = 1340;
    /** Width of a character at font size 1, generous for a sans-serif's digits and capitals. */
    private static final double CHARACTER_WIDTH = 0.62;
    private static final int FONT_SIZE = 11;
    private static final int TOP = 24;
    /** Height of one hop's row of boxes: latency above, bound below. */
    private static final int BOX_ROW = 38;
    private static final int BOX_HEIGHT = 13;
    /** Room right of the boxes for each row's bound in figures. */
    private static final int BOUND_COLUMN = 230;
    /** Small multiples of throughput: panels per line, and each panel's plot height. */
    private static final int PANELS_PER_LINE = 3;
    private static final int PANEL_PLOT_HEIGHT = 90;

    private SvgCharts() {}

    /**
     * One row per hop row with bounded samples: its name on the left, its latency box (blue)
     * above its bound box (orange), on a horizontal scale logarithmic in magnitude either side
     * of a linear band around 0, so a latency below zero lies left of the zero line and a bound
     * of 0 on it; each bound's p50 and max in figures on the right.
     */
    static String boxPlots(List<AnalysisSummary.HopRow> rows) {
        List<AnalysisSummary.HopRow> plotted =
                rows.stream().filter(row -> row.latencyNs() != null).toList();
        if (plotted.isEmpty()) {
            return "<p>No hop has bounded samples to plot.</p>";
        }
        SignedLogScale scale = SignedLogScale.covering(plotted.stream()
                .flatMap(row -> Stream.of(row.latencyNs(), row.boundNs()))
                .flatMapToDouble(stats -> DoubleStream.of(stats.min(), stats.max()))
                .toArray());
        double left = 8 + plotted.stream().mapToDouble(row -> textWidth(rowLabel(row)))
                .max().orElse(0);
        left = Math.min(left, PAGE_WIDTH / 3.0);
        double right = PAGE_WIDTH - BOUND_COLUMN;
        double axisY = TOP + BOX_ROW * plotted.size();
        int height = (int) axisY + 40;
        StringBuilder svg = open(PAGE_WIDTH, height, "Latency and bound per hop, log scale"
                + " either side of 0");
        List<Double> ticks = scale.ticks();
        // Label every decade when there is room, else every other one; 0 always.
        double spacing = (right - left) / Math.max(1, ticks.size() - 1);
        int labelEvery = spacing >= 52 ? 1 : 2;
        int zeroIndex = ticks.indexOf(0.0);
        for (int i = 0; i < ticks.size(); i++) {
            double tick = ticks.get(i);
            double x = x(scale, tick, left, right);
            svg.append(line(x, TOP - 6, x, axisY, tick == 0 ? "#666666" : "#dddddd"));
            if ((i - zeroIndex) % labelEvery == 0) {
                svg.append(text(x, axisY + 14, "middle", tick == 0 ? "0"
                        : durationLabel(tick)));
            }
        }
        svg.append(text(right + 10, TOP - 8, "start", "bound p50, max"));
        for (int i = 0; i < plotted.size(); i++) {
            AnalysisSummary.HopRow row = plotted.get(i);
            double y = TOP + BOX_ROW * i;
            svg.append(text(left - 8, y + BOX_ROW / 2.0 + 2, "end", rowLabel(row), left - 8));
            box(svg, y + 3, row.latencyNs(), LATENCY_COLOR, scale, left, right);
            box(svg, y + 5 + BOX_HEIGHT, row.boundNs(), BOUND_COLOR, scale, left, right);
            LatencyStats bound = row.boundNs();
            svg.append(text(right + 10, y + 5 + 2 * BOX_HEIGHT - 2, "start", bound.max() == 0
                    ? "0 (exact)" : durationLabel(bound.p50()) + ", "
                            + durationLabel(bound.max()), BOUND_COLUMN - 12));
        }
        svg.append(legend(left, axisY + 34, LATENCY_COLOR, "latency", BOUND_COLOR,
                "bound (±)"));
        return svg.append("</svg>").toString();
    }

    private static String rowLabel(AnalysisSummary.HopRow row) {
        return row.hop() + " (" + row.locality().toLowerCase(Locale.ROOT) + ")";
    }

    private static void box(StringBuilder svg, double top, LatencyStats stats, String color,
            SignedLogScale scale, double left, double right) {
        double middle = top + BOX_HEIGHT / 2.0;
        double p1 = x(scale, stats.p1(), left, right);
        double p99 = x(scale, stats.p99(), left, right);
        double p25 = x(scale, stats.p25(), left, right);
        double p75 = x(scale, stats.p75(), left, right);
        double p50 = x(scale, stats.p50(), left, right);
        svg.append(line(p1, middle, p99, middle, color));
        svg.append(line(p1, top + 3, p1, top + BOX_HEIGHT - 3, color));
        svg.append(line(p99, top + 3, p99, top + BOX_HEIGHT - 3, color));
        // At least 3 px wide, centred: a box of equal quartiles (a bound of 0) stays visible.
        double boxLeft = Math.min(p25, p50 - 1.5);
        double boxWidth = Math.max(3, p75 - p25);
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\""
                + " height=\"%d\" fill=\"%s\" fill-opacity=\"0.85\" stroke=\"%s\"/>",
                boxLeft, top, boxWidth, BOX_HEIGHT, color, color));
        svg.append(line(p50, top, p50, top + BOX_HEIGHT, "#000000"));
        for (double extreme : new double[] {stats.min(), stats.max()}) {
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\""
                    + " fill=\"%s\"/>", x(scale, extreme, left, right), middle, color));
        }
    }

    private static double x(SignedLogScale scale, double ns, double left, double right) {
        return left + (right - left) * scale.position(ns);
    }

    /**
     * Throughput over time as small multiples: one panel per operator with a throughput series,
     * all on the same axes, so operators at the same rate do not hide one another.
     */
    static String throughput(List<AnalysisSummary.Operator> operators) {
        List<AnalysisSummary.Operator> plotted =
                operators.stream().filter(o -> !o.throughput().isEmpty()).toList();
        if (plotted.isEmpty()) {
            return "<p>No counter channels (SPC/MPC): no throughput over time.</p>";
        }
        double maxSeconds = 1e-9;
        double maxRate = 1e-9;
        for (AnalysisSummary.Operator operator : plotted) {
            for (double[] point : operator.throughput()) {
                maxSeconds = Math.max(maxSeconds, point[0]);
                maxRate = Math.max(maxRate, point[1]);
            }
        }
        int panelWidth = PAGE_WIDTH / PANELS_PER_LINE;
        int panelHeight = PANEL_PLOT_HEIGHT + 56;
        int lines = (plotted.size() + PANELS_PER_LINE - 1) / PANELS_PER_LINE;
        StringBuilder svg = open(PAGE_WIDTH, panelHeight * lines, "Throughput over time per"
                + " operator");
        for (int i = 0; i < plotted.size(); i++) {
            panel(svg, plotted.get(i), LINE_COLORS[i % LINE_COLORS.length],
                    panelWidth * (i % PANELS_PER_LINE), panelHeight * (i / PANELS_PER_LINE),
                    panelWidth, maxSeconds, maxRate);
        }
        return svg.append("</svg>").toString();
    }

    private static void panel(StringBuilder svg, AnalysisSummary.Operator operator, String color,
            double originX, double originY, double panelWidth, double maxSeconds,
            double maxRate) {
        double left = originX + 64;
        double right = originX + panelWidth - 16;
        double top = originY + 26;
        double bottom = top + PANEL_PLOT_HEIGHT;
        List<double[]> series = operator.throughput();
        double meanRate = series.stream().mapToDouble(point -> point[1]).average().orElse(0);
        svg.append(text(left, originY + 14, "start", operator.component() + ": mean "
                + tupleRateLabel(meanRate), right - left).replace("<text ",
                "<text font-weight=\"bold\" "));
        for (int tick = 0; tick <= 2; tick++) {
            double y = bottom - PANEL_PLOT_HEIGHT * tick / 2.0;
            svg.append(line(left, y, right, y, "#dddddd"));
            svg.append(text(left - 6, y + 4, "end",
                    tick == 0 ? "0" : rateLabel(maxRate * tick / 2)));
            double x = left + (right - left) * tick / 2.0;
            svg.append(text(x, bottom + 14, tick == 0 ? "start" : tick == 2 ? "end" : "middle",
                    tick == 0 ? "0 s" : durationLabel(maxSeconds * 1e9 * tick / 2)));
        }
        StringBuilder points = new StringBuilder();
        for (double[] point : series) {
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ",
                    left + (right - left) * point[0] / maxSeconds,
                    bottom - PANEL_PLOT_HEIGHT * point[1] / maxRate));
        }
        svg.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(color)
                .append("\" points=\"").append(points.toString().trim()).append("\"/>");
        if (series.size() == 1) {
            // A line needs two points: one is drawn as a dot.
            double[] point = series.get(0);
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\""
                    + " fill=\"%s\"/>", left + (right - left) * point[0] / maxSeconds,
                    bottom - PANEL_PLOT_HEIGHT * point[1] / maxRate, color));
        }
    }

    /**
     * One bar per operator with CPU samples: its threads' CPU per tuple, split into the user's
     * code and the engine where the points allow it, else one bar of the whole thread.
     */
    static String cpu(List<AnalysisSummary.Operator> operators) {
        List<AnalysisSummary.Operator> plotted = operators.stream()
                .filter(o -> o.cpu() != null && o.cpu().threadNsPerTuple() != null).toList();
        if (plotted.isEmpty()) {
            return "<p>No CPU channels: no CPU per tuple.</p>";
        }
        double max = 1e-9;
        for (AnalysisSummary.Operator operator : plotted) {
            AnalysisSummary.Cpu cpu = operator.cpu();
            max = Math.max(max, Math.max(cpu.threadNsPerTuple(),
                    cpu.userCodeNsPerTuple() == null ? 0 : cpu.userCodeNsPerTuple()));
        }
        List<String> labels = plotted.stream().map(operator -> cpuLabel(operator.cpu())).toList();
        double nameWidth = 10 + plotted.stream()
                .mapToDouble(operator -> textWidth(operator.component())).max().orElse(0);
        double labelWidth = 12 + labels.stream().mapToDouble(SvgCharts::textWidth).max()
                .orElse(0);
        // The bars take what the names and the figures leave, never less than a third.
        double barSpace = Math.max(PAGE_WIDTH / 3.0, PAGE_WIDTH - nameWidth - labelWidth);
        int rowHeight = 28;
        int height = TOP + rowHeight * plotted.size() + 34;
        StringBuilder svg = open(PAGE_WIDTH, height, "CPU per tuple");
        for (int i = 0; i < plotted.size(); i++) {
            AnalysisSummary.Operator operator = plotted.get(i);
            AnalysisSummary.Cpu cpu = operator.cpu();
            double y = TOP + rowHeight * i;
            svg.append(text(nameWidth - 10, y + 17, "end", operator.component()));
            double x = nameWidth;
            if (cpu.userCodeNsPerTuple() == null) {
                x += bar(svg, x, y, barSpace * cpu.threadNsPerTuple() / max, THREAD_COLOR);
            } else {
                x += bar(svg, x, y, barSpace * cpu.userCodeNsPerTuple() / max, CPU_COLOR);
                if (cpu.engineNsPerTuple() != null) {
                    x += bar(svg, x, y, barSpace * cpu.engineNsPerTuple() / max, ENGINE_COLOR);
                }
            }
            svg.append(text(x + 6, y + 17, "start", labels.get(i), PAGE_WIDTH - x - 8));
        }
        double legendY = TOP + rowHeight * plotted.size() + 20;
        svg.append(legend(nameWidth, legendY, CPU_COLOR, "user's code", ENGINE_COLOR, "engine"));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\""
                + " height=\"12\" fill=\"%s\"/>", nameWidth + 180, legendY - 10, THREAD_COLOR))
                .append(text(nameWidth + 196, legendY, "start", "whole thread, not split"));
        return svg.append("</svg>").toString();
    }

    /** A CPU bar's figures: the whole and its parts, at the rate they were measured at. */
    private static String cpuLabel(AnalysisSummary.Cpu cpu) {
        String parts;
        if (cpu.userCodeNsPerTuple() == null) {
            parts = durationLabel(cpu.threadNsPerTuple()) + " (not split)";
        } else if (cpu.engineNsPerTuple() != null) {
            parts = durationLabel(cpu.threadNsPerTuple()) + " = "
                    + durationLabel(cpu.userCodeNsPerTuple()) + " user code + "
                    + durationLabel(cpu.engineNsPerTuple()) + " engine";
        } else {
            parts = durationLabel(cpu.userCodeNsPerTuple()) + " user code (longer than the"
                    + " thread's CPU " + durationLabel(cpu.threadNsPerTuple()) + ")";
        }
        return parts + ", at " + tupleRateLabel(cpu.tuplesPerSecond());
    }

    /** Draws one horizontal bar segment; returns its width. */
    private static double bar(StringBuilder svg, double x, double y, double width, String color) {
        double drawn = Math.max(1, width);
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\""
                + " height=\"20\" fill=\"%s\"/>", x, y + 2, drawn, color));
        return drawn;
    }

    /** A rate of tuples in words, {@code 48.8 k tuples/s}; null is an unknown rate. */
    static String tupleRateLabel(Double tuplesPerSecond) {
        return tuplesPerSecond == null ? "an unknown rate"
                : rateLabel(tuplesPerSecond).replace("/s", " tuples/s");
    }

    private static StringBuilder open(int width, int height, String label) {
        return new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                        + " role=\"img\" aria-label=\"%s\">", width, height, label));
    }

    static String line(double x1, double y1, double x2, double y2, String color) {
        return String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
                + " stroke=\"%s\" stroke-width=\"1.5\"/>", x1, y1, x2, y2, color);
    }

    static String text(double x, double y, String anchor, String content) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\""
                + " text-anchor=\"%s\">%s</text>", x, y, FONT_SIZE, anchor,
                HtmlReport.escape(content));
    }

    /**
     * A text that never runs past {@code maxWidth} px: one that might is squeezed to that width
     * (SVG's {@code textLength}) rather than cut, so every character stays on the page.
     */
    static String text(double x, double y, String anchor, String content, double maxWidth) {
        String text = text(x, y, anchor, content);
        if (textWidth(content) <= maxWidth) {
            return text;
        }
        return text.replace("<text ", String.format(Locale.ROOT, "<text textLength=\"%.1f\""
                + " lengthAdjust=\"spacingAndGlyphs\" ", Math.max(1, maxWidth)));
    }

    /** An upper estimate of {@code content}'s width in px at the charts' font size. */
    static double textWidth(String content) {
        return content.length() * FONT_SIZE * CHARACTER_WIDTH;
    }

    private static String legend(double x, double y, String firstColor, String first,
            String secondColor, String second) {
        return String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\""
                + " fill=\"%s\"/>", x, y - 10, firstColor) + text(x + 16, y, "start", first)
                + String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\""
                        + " height=\"12\" fill=\"%s\"/>", x + 90, y - 10, secondColor)
                + text(x + 106, y, "start", second);
    }

    /** A duration of either sign in the unit that suits its magnitude; exactly 0 is "0 ns". */
    static String durationLabel(double ns) {
        double magnitude = Math.abs(ns);
        if (magnitude >= 1e9) {
            return String.format(Locale.ROOT, "%.3g s", ns / 1e9);
        }
        if (magnitude >= 1e6) {
            return String.format(Locale.ROOT, "%.3g ms", ns / 1e6);
        }
        if (magnitude >= 1e3) {
            return String.format(Locale.ROOT, "%.3g µs", ns / 1e3);
        }
        if (ns == 0) {
            return "0 ns";
        }
        return String.format(Locale.ROOT, "%.3g ns", ns);
    }

    /** A tuple's duration with its bound: {@code -3.1 ms ± 0 ns (tuple 12)}; the run has -1. */
    static String durationLabel(TupleDuration duration) {
        return durationLabel(duration.latencyNs()) + " ± " + durationLabel(duration.boundNs())
                + (duration.tupleId() == -1 ? "" : " (tuple " + duration.tupleId() + ")");
    }

    private static String rateLabel(double perSecond) {
        if (perSecond >= 1e6) {
            return String.format(Locale.ROOT, "%.3g M/s", perSecond / 1e6);
        }
        if (perSecond >= 1e3) {
            return String.format(Locale.ROOT, "%.3g k/s", perSecond / 1e3);
        }
        return String.format(Locale.ROOT, "%.3g/s", perSecond);
    }
}
