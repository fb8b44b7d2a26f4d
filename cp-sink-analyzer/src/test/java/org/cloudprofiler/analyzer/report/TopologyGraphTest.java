package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The topology graph follows the data flow down the page and spreads a fan-out across it. */
class TopologyGraphTest {

    private static final LatencyStats LATENCY = new LatencyStats(100, 100, 200, 300, 400, 500,
            2_000, 2_500, 3_000, 350);
    private static final LatencyStats EXACT = new LatencyStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    @Test
    void aFanOutPutsItsBranchesSideBySideBelowTheirSourceAndTheSinkBelowBoth() {
        List<AnalysisSummary.HopRow> hops = List.of(
                row("generator -> spout", "TRANSFER", "generator", "spout"),
                row("spout", "COMPUTE", "spout", "spout"),
                row("spout -> left", "TRANSFER", "spout", "left"),
                row("spout -> right", "TRANSFER", "spout", "right"),
                row("left -> sink", "TRANSFER", "left", "sink"),
                row("right -> sink", "TRANSFER", "right", "sink"),
                row("spout => sink", "END_TO_END", "spout", "sink"));
        List<AnalysisSummary.Operator> operators = List.of(
                new AnalysisSummary.Operator("left", 4, null, null, List.of()));

        String svg = TopologyGraph.render(hops, operators);

        double[] generator = box(svg, "generator");
        double[] spout = box(svg, "spout");
        double[] left = box(svg, "left (4 tasks)");
        double[] right = box(svg, "right");
        double[] sink = box(svg, "sink");
        assertTrue(generator[1] < spout[1], "the generator is above the spout");
        assertTrue(spout[1] < left[1], "the spout is above its branches");
        assertEquals(left[1], right[1], 1e-9, "the branches share a row");
        assertTrue(left[0] < right[0], "the branches are side by side");
        assertTrue(left[1] < sink[1], "the sink is below the branches");
        assertEquals(6, Pattern.compile(">p50 300 ns · p99 2.00 µs</text>").matcher(svg)
                .results().count(), "five transfers' figures and the spout's, " + svg);
        assertTrue(svg.contains(">bound ≤ 0 ns</text>"), svg);
        // The labels of a fan-out's (and fan-in's) arrows are centred on their branch, a column
        // apart: they cannot meet.
        for (double[] branch : new double[][] {left, right}) {
            assertEquals(2, Pattern.compile(String.format(Locale.ROOT, "x=\"%.1f\" y=\"[-0-9.]+\""
                    + " font-size=\"11\" text-anchor=\"middle\">p50 300 ns", branch[0]))
                    .matcher(svg).results().count(), "labels centred on x " + branch[0] + ": "
                            + svg);
        }
        assertTrue(svg.contains(">sends the tuples</text>"), svg);
    }

    @Test
    void aComponentOfManyTasksListsTheSlowestByP99AndCountsTheRest() {
        List<AnalysisSummary.TaskFigures> tasks = IntStream.rangeClosed(1, 12)
                .mapToObj(task -> new AnalysisSummary.TaskFigures(task, 10, 100, 100 + 10 * task,
                        0))
                .toList();
        AnalysisSummary.HopRow compute = new AnalysisSummary.HopRow("bolt", "COMPUTE", "bolt",
                "bolt", "LOCAL", 120, 120, 0, 0, null, 0, null, LATENCY, EXACT, Map.of(), null,
                tasks);
        List<AnalysisSummary.HopRow> hops = List.of(row("spout -> bolt", "TRANSFER", "spout",
                "bolt"), compute);

        String svg = TopologyGraph.render(hops, List.of());

        for (int task = 12; task > 12 - TopologyGraph.SLOWEST_TASKS; task--) {
            assertTrue(svg.contains(">task " + task + ": 100 ns · " + (100 + 10 * task)
                    + " ns · ≤ 0 ns</text>"), "task " + task + " in " + svg);
        }
        assertFalse(svg.contains(">task 7: "), "task 7 is not among the slowest: " + svg);
        assertTrue(svg.contains(">and 7 more tasks, none slower</text>"), svg);
    }

    @Test
    void tasksBeyondTheSlowestThatTieWithThemAreNotCalledFaster() {
        List<AnalysisSummary.TaskFigures> tasks = IntStream.rangeClosed(1, 12)
                .mapToObj(task -> new AnalysisSummary.TaskFigures(task, 10, 100, 200, 0))
                .toList();
        AnalysisSummary.HopRow compute = new AnalysisSummary.HopRow("bolt", "COMPUTE", "bolt",
                "bolt", "LOCAL", 120, 120, 0, 0, null, 0, null, LATENCY, EXACT, Map.of(), null,
                tasks);

        String svg = TopologyGraph.render(List.of(compute), List.of());

        assertFalse(svg.contains("faster"), svg);
        assertTrue(svg.contains(">and 7 more tasks, none slower</text>"), svg);
    }

    @Test
    void aTaskWithoutSamplesIsCountedInItsComponentsBox() {
        // bolt has two tasks, but only task 1 took tuples in (a grouping that skips task 2).
        AnalysisSummary.HopRow compute = new AnalysisSummary.HopRow("bolt", "COMPUTE", "bolt",
                "bolt", "LOCAL", 10, 10, 0, 0, null, 0, null, LATENCY, EXACT, Map.of(), null,
                List.of(new AnalysisSummary.TaskFigures(1, 10, 100, 150, 0)));
        List<AnalysisSummary.HopRow> hops = List.of(row("spout -> bolt", "TRANSFER", "spout",
                "bolt"), compute);

        String svg = TopologyGraph.render(hops, List.of(new AnalysisSummary.Operator("bolt", 2,
                null, null, List.of())));

        assertTrue(svg.contains(">bolt (2 tasks)</text>"), svg);
        assertTrue(svg.contains(">task 1: 100 ns · 150 ns · ≤ 0 ns</text>"), svg);
        assertTrue(svg.contains(">1 task without bounded samples</text>"), svg);
    }

    @Test
    void aChainedHopIsADashedArrowThatALegendExplains() {
        String svg = TopologyGraph.render(List.of(
                row("source -> filter (chained)", "CHAINED", "source", "filter"),
                row("filter -> window", "TRANSFER", "filter", "window")), List.of());

        List<String> arrows = Pattern.compile("<line [^>]*marker-end=[^>]*>").matcher(svg)
                .results().map(MatchResult::group).toList();
        assertEquals(2, arrows.size(), svg);
        assertEquals(1, arrows.stream().filter(arrow -> arrow.contains("stroke-dasharray"))
                .count(), svg);
        assertTrue(arrows.get(0).contains("stroke-dasharray"), "source -> filter is dashed");
        assertTrue(svg.contains(">chained: the next operator in the same thread, a method"
                + " call</text>"), svg);
        assertTrue(svg.contains(">transfer: a hand-off between threads</text>"), svg);
        assertTrue(legendY(svg) > box(svg, "window")[1] + 20, "the legend is below the boxes");
    }

    @Test
    void withoutAChainedHopNoArrowIsDashedAndThereIsNoLegend() {
        String svg = TopologyGraph.render(List.of(row("spout", "COMPUTE", "spout", "spout"),
                row("spout -> sink", "TRANSFER", "spout", "sink")), List.of());

        assertFalse(svg.contains("stroke-dasharray"), svg);
        assertFalse(svg.contains("chained"), svg);
    }

    private static double legendY(String svg) {
        Matcher matcher = Pattern.compile("<text x=\"[-0-9.]+\" y=\"([-0-9.]+)\"[^>]*>chained:")
                .matcher(svg);
        assertTrue(matcher.find(), svg);
        return Double.parseDouble(matcher.group(1));
    }

    private static AnalysisSummary.HopRow row(String hop, String kind, String from, String to) {
        return new AnalysisSummary.HopRow(hop, kind, from, to, "LOCAL", 10, 10, 0, 0, null, 0,
                null, LATENCY, EXACT, Map.of(), null, null);
    }

    /** The x and y of the bold title {@code title}, which names a component's box. */
    private static double[] box(String svg, String title) {
        Matcher matcher = Pattern.compile("<text font-weight=\"bold\" x=\"([-0-9.]+)\""
                + " y=\"([-0-9.]+)\"[^>]*>" + Pattern.quote(title) + "</text>").matcher(svg);
        assertTrue(matcher.find(), "no box " + title + " in " + svg);
        return new double[] {Double.parseDouble(matcher.group(1)),
            Double.parseDouble(matcher.group(2))};
    }
}
