package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TimelineChartsTest {

    private static final long SECOND_NS = 1_000_000_000L;

    private static AnalysisSummary.HopRow hop(String name) {
        List<AnalysisSummary.WindowPoint> points = new ArrayList<>();
        for (int i = -1; i < 60; i++) {
            double p99 = i < 3 ? 400_000_000 : 2_000_000;
            points.add(new AnalysisSummary.WindowPoint(i * SECOND_NS, 100, p99 / 4, p99 / 2,
                    p99, p99 * 2, 0));
        }
        return new AnalysisSummary.HopRow(name, "TRANSFER", "a", "b", "LOCAL", 6100, 6100, 0, 0,
                null, 0, null, null, null, Map.of(),
                new AnalysisSummary.OverTime(SECOND_NS, points), null);
    }

    @Test
    void everyLabelLiesInsideTheDrawingAndTheLegendAboveThePlot() {
        AnalysisSummary.WarmUp warmUp = new AnalysisSummary.WarmUp(3 * SECOND_NS, "rule",
                "a -> b (local)", 400_000_000.0, "a -> b (local)", List.of());

        String html = TimelineCharts.render(List.of(hop("a -> b"), hop("b -> c")), warmUp);

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

        String html = TimelineCharts.render(List.of(hop("a -> b"), hop("b -> c")), warmUp);

        assertEquals(2, html.split("fill=\"#e9e9e9\"", -1).length - 1, "one shade per chart");
        assertEquals(4, html.split("<path ", -1).length - 1, "p50 and p99 per chart");
        assertTrue(html.contains("the first 3.00 s"), html);
    }
}
