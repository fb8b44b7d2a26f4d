package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TimelineChartsTest {

    private static final long SECOND_NS = 1_000_000_000L;

    private static final AnalysisSummary.Analysed WHOLE_RUN = new AnalysisSummary.Analysed(0,
            null, "the sources' first tuple", "rule");

    /** A hop row with one window a second from -1 s to 60 s, slow in its first 4. */
    private static AnalysisSummary.HopRow hop(String name) {
        return hop(name, -1, 60, -1, -1);
    }

    /**
     * A hop row with one window a second from {@code fromSecond} to {@code toSecond}, slow
     * before 3 s, but none in {@code [gapFrom, gapTo)}.
     */
    private static AnalysisSummary.HopRow hop(String name, int fromSecond, int toSecond,
            int gapFrom, int gapTo) {
        List<AnalysisSummary.WindowPoint> points = new ArrayList<>();
        for (int i = fromSecond; i < toSecond; i++) {
            if (i >= gapFrom && i < gapTo) {
                continue;
            }
            double p99 = i < 3 ? 400_000_000 : 2_000_000;
            points.add(new AnalysisSummary.WindowPoint(i * SECOND_NS, 100, p99 / 4, p99 / 2,
                    p99, p99 * 2, 0));
        }
        return new AnalysisSummary.HopRow(name, "TRANSFER", "a", "b", "LOCAL", 6100, 6100, 0, 0,
                null, 0, null, null, null, Map.of(),
                new AnalysisSummary.OverTime(SECOND_NS, points), null);
    }

    private static List<String> paths(String html) {
        List<String> paths = new ArrayList<>();
        Matcher path = Pattern.compile("<path d=\"([^\"]*)\"").matcher(html);
        while (path.find()) {
            paths.add(path.group(1));
        }
        return paths;
    }

    @Test
    void everyLabelLiesInsideTheDrawingAndTheLegendAboveThePlot() {
        AnalysisSummary.WarmUp warmUp = new AnalysisSummary.WarmUp(3 * SECOND_NS, "rule",
                "a -> b (local)", 400_000_000.0, "a -> b (local)", List.of());

        String html = TimelineCharts.render(List.of(hop("a -> b"), hop("b -> c")), warmUp,
                WHOLE_RUN);

        Matcher width = Pattern.compile("<svg [^>]*width=\"(\\d+)\"").matcher(html);
        assertTrue(width.find());
        int svgWidth = Integer.parseInt(width.group(1));
        assertTrue(svgWidth <= 1400 - 2 * 24, "fits a 1,400 px page with its margins");
        Matcher text = Pattern.compile("<text x=\"([0-9.]+)\" y=\"([0-9.]+)\"[^>]*"
                + "text-anchor=\"(\\w+)\">([^<]*)</text>").matcher(html);
        int labels = 0;
        while (text.find()) {
            labels++;
            double x = Double.parseDouble(text.group(1));
            double halfWidthPx = text.group(4).length() * 3.5;
            double left = switch (text.group(3)) {
                case "end" -> x - 2 * halfWidthPx;
                case "middle" -> x - halfWidthPx;
                default -> x;
            };
            assertTrue(left >= 0 && left + 2 * halfWidthPx <= svgWidth, text.group());
            if (text.group(4).equals("p50") || text.group(4).equals("p99")) {
                assertTrue(Double.parseDouble(text.group(2)) < 30, "legend above the plot");
            }
        }
        assertTrue(labels > 20, labels + " labels");
    }

    @Test
    void theWarmUpIsShadedAndEachHopHasItsP50AndP99() {
        AnalysisSummary.WarmUp warmUp = new AnalysisSummary.WarmUp(3 * SECOND_NS, "rule",
                "a -> b (local)", 400_000_000.0, "a -> b (local)", List.of());

        String html = TimelineCharts.render(List.of(hop("a -> b"), hop("b -> c")), warmUp,
                WHOLE_RUN);

        assertEquals(2, html.split("fill=\"#e9e9e9\"", -1).length - 1, "one shade per chart");
        assertEquals(4, html.split("<path ", -1).length - 1, "p50 and p99 per chart");
        assertTrue(html.contains("the first 3.00 s"), html);
    }

    @Test
    void aLineBreaksOverWindowsWithoutSamples() {
        // No samples from 20 s to 29 s; the window at 40 s alone between gaps.
        AnalysisSummary.HopRow gappy = hop("a -> b", 0, 60, 20, 30);
        List<AnalysisSummary.WindowPoint> points = new ArrayList<>(gappy.overTime().points());
        points.removeIf(point -> point.startNs() == 39 * SECOND_NS
                || point.startNs() == 41 * SECOND_NS);
        AnalysisSummary.HopRow row = new AnalysisSummary.HopRow("a -> b", "TRANSFER", "a", "b",
                "LOCAL", 5700, 5700, 0, 0, null, 0, null, null, null, Map.of(),
                new AnalysisSummary.OverTime(SECOND_NS, points), null);

        List<String> paths = paths(TimelineCharts.render(List.of(row), null, WHOLE_RUN));

        assertEquals(2, paths.size(), "p50 and p99");
        for (String path : paths) {
            assertEquals(4, path.split("M", -1).length - 1, "a line from 0, 30, 40 and 42 s: "
                    + path);
            assertTrue(path.contains(" h0"), "the window at 40 s alone is a dot: " + path);
        }
    }

    @Test
    void theTimeAxisAndTheWarmUpStartWhereThePartAnalysedStarts() {
        // --from 5s: samples from 5 s to 30 s, settled from 7 s.
        AnalysisSummary.Analysed fromFiveSeconds = new AnalysisSummary.Analysed(5 * SECOND_NS,
                null, "the sources' first tuple", "rule");
        AnalysisSummary.WarmUp warmUp = new AnalysisSummary.WarmUp(7 * SECOND_NS, "rule",
                "a -> b (local)", 400_000_000.0, "a -> b (local)", List.of());

        String html = TimelineCharts.render(List.of(hop("a -> b", 5, 30, -1, -1)), warmUp,
                fromFiveSeconds);

        assertTrue(html.contains(">5 s</text>"), html);
        assertFalse(html.contains(">0 s</text>"), "no axis before the part analysed: " + html);
        Matcher shade = Pattern.compile("<rect x=\"([0-9.]+)\" y=\"\\d+\" width=\"([0-9.]+)\""
                + "[^>]*fill=\"#e9e9e9\"").matcher(html);
        assertTrue(shade.find(), html);
        // The plot is 1,200 px wide for 25 s: 5 s to 7 s is 96 px from its left edge at 80.
        assertEquals(80, Double.parseDouble(shade.group(1)), 0.1);
        assertEquals(96, Double.parseDouble(shade.group(2)), 0.1);
        assertTrue(html.contains("from 5.00 s to 7.00 s"), html);
    }
}
