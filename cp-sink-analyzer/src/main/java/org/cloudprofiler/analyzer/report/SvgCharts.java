package org.cloudprofiler.analyzer.report;

import java.util.List;
import java.util.Locale;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;
import org.cloudprofiler.analyzer.stats.TupleDuration;

/**
 * The report's plots as inline SVG, drawn here so the page needs nothing from the network: box
 * plots of latency and bound per hop on a log scale, lines of throughput over time, bars of CPU
 * per tuple split into the user's code and the engine. Stateless.
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
    private static final int HEIGHT = 340;
    private static final int TOP = 20;
    private static final int BOTTOM = 110;
    private static final int LEFT = 70;

    private SvgCharts() {}

    /**
     * One box pair per row with bounded samples: latency (blue) and bound (orange), on a scale
     * logarithmic in magnitude, so a latency below zero is drawn below the zero line.
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
        int slot = 90;
        int width = LEFT + slot * plotted.size() + 20;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        StringBuilder svg = open(width, "Latency and bound per hop, log scale either side of 0");
        for (double tick : scale.ticks()) {
            double y = y(scale, tick, plotHeight);
            svg.append(line(LEFT, y, width - 10, y, tick == 0 ? "#888888" : "#dddddd"));
            svg.append(text(LEFT - 6, y + 4, "end", tick == 0 ? "0" : durationLabel(tick)));
        }
        for (int i = 0; i < plotted.size(); i++) {
            AnalysisSummary.HopRow row = plotted.get(i);
            double x = LEFT + slot * i + 12;
            box(svg, x, row.latencyNs(), LATENCY_COLOR, scale, plotHeight);
            box(svg, x + 36, row.boundNs(), BOUND_COLOR, scale, plotHeight);
            double labelY = TOP + plotHeight + 12;
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\""
                    + " transform=\"rotate(35 %.1f %.1f)\">%s</text>", x + 10, labelY, x + 10,
                    labelY, HtmlReport.escape(row.hop() + " (" + row.locality().toLowerCase(
                            Locale.ROOT) + ")")));
        }
        svg.append(legend(width - 220, HEIGHT - 14, LATENCY_COLOR, "latency", BOUND_COLOR,
                "bound (±)"));
        return svg.append("</svg>").toString();
    }

    private static void box(StringBuilder svg, double x, LatencyStats stats, String color,
            SignedLogScale scale, int plotHeight) {
        double width = 28;
        double mid = x + width / 2;
        double p1 = y(scale, stats.p1(), plotHeight);
        double p99 = y(scale, stats.p99(), plotHeight);
        double p25 = y(scale, stats.p25(), plotHeight);
        double p75 = y(scale, stats.p75(), plotHeight);
        double p50 = y(scale, stats.p50(), plotHeight);
        svg.append(line(mid, p1, mid, p99, color));
        svg.append(line(x + 6, p1, x + width - 6, p1, color));
        svg.append(line(x + 6, p99, x + width - 6, p99, color));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\""
                + " height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.85\" stroke=\"%s\"/>", x, p75,
                width, Math.max(2, p25 - p75), color, color));
        svg.append(line(x, p50, x + width, p50, "#000000"));
        for (double extreme : new double[] {stats.min(), stats.max()}) {
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\""
                    + " fill=\"%s\"/>", mid, y(scale, extreme, plotHeight), color));
        }
    }

    private static double y(SignedLogScale scale, double ns, int plotHeight) {
        return TOP + plotHeight * (1 - scale.position(ns));
    }

    /** One line per operator with a throughput series: tuples per second against seconds. */
    static String throughput(List<AnalysisSummary.Operator> operators) {
        List<AnalysisSummary.Operator> plotted =
                operators.stream().filter(o -> !o.throughput().isEmpty()).toList();
        if (plotted.isEmpty()) {
            return "<p>No counter channels (SPC/MPC): no throughput over time.</p>";
        }
        double maxT = 1e-9;
        double maxRate = 1e-9;
        for (AnalysisSummary.Operator operator : plotted) {
            for (double[] point : operator.throughput()) {
                maxT = Math.max(maxT, point[0]);
                maxRate = Math.max(maxRate, point[1]);
            }
        }
        int width = 760;
        int plotHeight = HEIGHT - TOP - 60;
        int plotWidth = width - LEFT - 20;
        StringBuilder svg = open(width, "Throughput over time");
        for (int tick = 0; tick <= 4; tick++) {
            double y = TOP + plotHeight * (1 - tick / 4.0);
            svg.append(line(LEFT, y, width - 20, y, "#dddddd"));
            svg.append(text(LEFT - 6, y + 4, "end", rateLabel(maxRate * tick / 4)));
            double x = LEFT + plotWidth * tick / 4.0;
            svg.append(text(x, TOP + plotHeight + 16, "middle",
                    String.format(Locale.ROOT, "%.1f s", maxT * tick / 4)));
        }
        for (int i = 0; i < plotted.size(); i++) {
            String color = LINE_COLORS[i % LINE_COLORS.length];
            StringBuilder points = new StringBuilder();
            for (double[] point : plotted.get(i).throughput()) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ",
                        LEFT + plotWidth * point[0] / maxT,
                        TOP + plotHeight * (1 - point[1] / maxRate)));
            }
            svg.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(color)
                    .append("\" points=\"").append(points.toString().trim()).append("\"/>");
            svg.append(text(LEFT + 10 + 150 * (i % 4), HEIGHT - 20 + 14 * (i / 4), "start",
                    "■ " + plotted.get(i).component()).replace("<text ",
                    "<text fill=\"" + color + "\" "));
        }
        return svg.append("</svg>").toString();
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
        int rowHeight = 28;
        int width = 900;
        int barSpace = 360;
        int height = TOP + rowHeight * plotted.size() + 34;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                        + " role=\"img\" aria-label=\"CPU per tuple\">", width, height));
        for (int i = 0; i < plotted.size(); i++) {
            AnalysisSummary.Operator operator = plotted.get(i);
            AnalysisSummary.Cpu cpu = operator.cpu();
            double y = TOP + rowHeight * i;
            svg.append(text(150, y + 17, "end", operator.component()));
            double x = 160;
            String label;
            if (cpu.userCodeNsPerTuple() == null) {
                x += bar(svg, x, y, barSpace * cpu.threadNsPerTuple() / max, THREAD_COLOR);
                label = durationLabel(cpu.threadNsPerTuple()) + " (not split)";
            } else {
                x += bar(svg, x, y, barSpace * cpu.userCodeNsPerTuple() / max, CPU_COLOR);
                if (cpu.engineNsPerTuple() != null) {
                    x += bar(svg, x, y, barSpace * cpu.engineNsPerTuple() / max, ENGINE_COLOR);
                    label = durationLabel(cpu.threadNsPerTuple()) + " = "
                            + durationLabel(cpu.userCodeNsPerTuple()) + " user code + "
                            + durationLabel(cpu.engineNsPerTuple()) + " engine";
                } else {
                    label = durationLabel(cpu.userCodeNsPerTuple()) + " user code (longer than"
                            + " the thread's CPU " + durationLabel(cpu.threadNsPerTuple()) + ")";
                }
            }
            svg.append(text(x + 6, y + 17, "start", label + ", at "
                    + cpuRateLabel(cpu.tuplesPerSecond())));
        }
        double legendY = TOP + rowHeight * plotted.size() + 20;
        svg.append(legend(160, legendY, CPU_COLOR, "user's code", ENGINE_COLOR, "engine"));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\""
                + " height=\"12\" fill=\"%s\"/>", 340.0, legendY - 10, THREAD_COLOR))
                .append(text(356, legendY, "start", "whole thread, not split"));
        return svg.append("</svg>").toString();
    }

    /** Draws one horizontal bar segment; returns its width. */
    private static double bar(StringBuilder svg, double x, double y, double width, String color) {
        double drawn = Math.max(1, width);
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\""
                + " height=\"20\" fill=\"%s\"/>", x, y + 2, drawn, color));
        return drawn;
    }

    /** The rate a CPU figure was measured at, in words. */
    static String cpuRateLabel(Double tuplesPerSecond) {
        return tuplesPerSecond == null ? "an unknown rate"
                : rateLabel(tuplesPerSecond).replace("/s", " tuples/s");
    }

    private static StringBuilder open(int width, String label) {
        return new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                        + " role=\"img\" aria-label=\"%s\">", width, HEIGHT, label));
    }

    static String line(double x1, double y1, double x2, double y2, String color) {
        return String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
                + " stroke=\"%s\" stroke-width=\"1.5\"/>", x1, y1, x2, y2, color);
    }

    static String text(double x, double y, String anchor, String content) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\""
                + " text-anchor=\"%s\">%s</text>", x, y, anchor, HtmlReport.escape(content));
    }

    private static String legend(double x, double y, String firstColor, String first,
            String secondColor, String second) {
        return String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\""
                + " fill=\"%s\"/>", x, y - 10, firstColor) + text(x + 16, y, "start", first)
                + String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\""
                        + " height=\"12\" fill=\"%s\"/>", x + 90, y - 10, secondColor)
                + text(x + 106, y, "start", second);
    }

    /** A duration of either sign in the unit that suits its magnitude. */
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
