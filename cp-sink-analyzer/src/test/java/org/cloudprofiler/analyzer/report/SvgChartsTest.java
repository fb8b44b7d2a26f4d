package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The box plots draw every value where it is: zero at zero, values below zero left of it. */
class SvgChartsTest {

    @Test
    void aLatencyBelowZeroIsDrawnLeftOfTheZeroLine() {
        LatencyStats latency = new LatencyStats(-543, -50, 600, 700, 800, 900, 990, 999, 1_000,
                650);
        LatencyStats bound = new LatencyStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        AnalysisSummary.HopRow row = new AnalysisSummary.HopRow("spout -> sink", "TRANSFER",
                "spout", "sink", "LOCAL", 500, 500, 0, 0, null, 50, null, latency, bound,
                Map.of(), null, null);

        String svg = SvgCharts.boxPlots(List.of(row));

        double zeroX = tickX(svg, "0");
        List<Double> dots = circlesX(svg);
        // Latency min and max, then bound min and max (both 0).
        assertEquals(4, dots.size(), svg);
        assertTrue(dots.get(0) < zeroX, "min -543 ns at x " + dots.get(0) + ", zero at " + zeroX);
        assertTrue(dots.get(0) < tickX(svg, "-100 ns"), "min -543 ns is left of -100 ns");
        assertTrue(dots.get(0) > tickX(svg, "-1.00 µs"), "min -543 ns is right of -1 µs");
        assertTrue(dots.get(1) > zeroX, "max 1 µs right of zero");
        assertEquals(zeroX, dots.get(2), 1e-9, "a bound of 0 is drawn at zero");
        assertTrue(svg.contains(">0 (exact)</text>"), "a bound of 0 is written as exact");
    }

    @Test
    void theScalePlacesZeroAndEachSideInOrder() {
        SignedLogScale scale = SignedLogScale.covering(-5_000, 0, 3, 2e6);

        assertEquals(0, scale.position(-10_000), 1e-12);
        assertEquals(1, scale.position(1e7), 1e-12);
        assertTrue(scale.position(-5_000) < scale.position(-1));
        assertTrue(scale.position(-1) < scale.position(0));
        assertTrue(scale.position(0) < scale.position(0.5));
        assertTrue(scale.position(0.5) < scale.position(3));
        assertTrue(scale.position(3) < scale.position(2e6));
    }

    /** The x of the grid line labelled {@code label}. */
    private static double tickX(String svg, String label) {
        Matcher matcher = Pattern.compile("<text x=\"([-0-9.]+)\" y=\"[-0-9.]+\" font-size=\"11\""
                + " text-anchor=\"middle\">" + Pattern.quote(label) + "</text>").matcher(svg);
        assertTrue(matcher.find(), "no tick " + label + " in " + svg);
        return Double.parseDouble(matcher.group(1));
    }

    private static List<Double> circlesX(String svg) {
        return Pattern.compile("<circle cx=\"([-0-9.]+)\"").matcher(svg)
                .results().map(match -> Double.parseDouble(match.group(1))).toList();
    }
}
