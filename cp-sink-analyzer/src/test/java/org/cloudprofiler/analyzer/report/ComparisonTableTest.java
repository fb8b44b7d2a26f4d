package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.compare.AnalyzedRun;
import org.cloudprofiler.analyzer.compare.RunComparison;
import org.cloudprofiler.analyzer.compare.RunNames;
import org.junit.jupiter.api.Test;

/** The rows of {@code cloudprofiler compare} without a verdict, on the console and in HTML. */
class ComparisonTableTest {

    @Test
    void aRowOfOneRunOnlyIsListedAsOnlyInThatRunInBothForms() {
        RunComparison comparison = RunComparison.of(run(bounded("a -> b", "LOCAL")),
                run(bounded("a -> b", "REMOTE"), bounded("b -> c", "LOCAL")));

        List<String> rows = rows(ComparisonTable.render(comparison));
        String html = ComparisonReport.render(comparison);

        assertEquals(List.of("a -> b                           local   only in A",
                "a -> b                           remote  only in B",
                "b -> c                           local   only in B"), rows);
        assertTrue(html.contains("<td>a -&gt; b</td><td>local</td><td colspan=\"5\">only in A"),
                html);
        assertTrue(html.contains("<td>a -&gt; b</td><td>remote</td><td colspan=\"5\">only in B"),
                html);
        assertTrue(html.contains("<td>b -&gt; c</td><td>local</td><td colspan=\"5\">only in B"),
                html);
    }

    @Test
    void aRowWithoutBoundedSamplesSaysWhichRunLacksThemOrThatNeitherHasAny() {
        RunComparison comparison = RunComparison.of(
                run(unbounded("a -> b"), bounded("b -> c", "REMOTE")),
                run(unbounded("a -> b"), unbounded("b -> c")));

        assertEquals(List.of("a -> b                           remote  not comparable: neither"
                + " run has bounded samples of it", "b -> c                           remote "
                        + " not comparable: B has no bounded samples of it"),
                rows(ComparisonTable.render(comparison)));
    }

    @Test
    void theHtmlEscapesTheHopAndLocalityReadFromTheSummaries() {
        RunComparison comparison = RunComparison.of(run(bounded("a<b", "<i>")),
                run(bounded("a<b", "<i>")));

        String html = ComparisonReport.render(comparison);

        assertTrue(html.contains("<td>a&lt;b</td><td>&lt;i&gt;</td>"), html);
        assertFalse(html.contains("<i>"), html);
    }

    @Test
    void namedRunsAreCalledByTheirNamesInTheHeaderColumnsAndRowsOfTheConsole() {
        RunComparison comparison = namedComparison();

        assertEquals(String.join("\n",
                "storm: runs/storm",
                "flink: runs/flink",
                "hop                              where                 storm ± bound"
                        + "          flink ± bound flink - storm  verdict",
                "a -> b                           local   p50       1.00 ns ± 2.00 ns"
                        + "      1.00 ns ± 2.00 ns          0 ns  within bounds",
                "                                         p99       1.00 ns ± 2.00 ns"
                        + "      1.00 ns ± 2.00 ns          0 ns  within bounds",
                "b -> c                           local   only in storm",
                "c -> d                           remote  not comparable: storm has no bounded"
                        + " samples of it",
                "b -> c                           remote  only in flink",
                ComparisonReport.RULE, ""), ComparisonTable.render(comparison));
    }

    @Test
    void namedRunsTitleThePageAndEachRowShowsBothRunsLocalityAndBoundedSamples() {
        String html = ComparisonReport.render(namedComparison());

        assertTrue(html.contains("<title>storm vs flink</title>"), html);
        assertTrue(html.contains("<p>storm: <b>runs/storm</b><br>flink: <b>runs/flink</b></p>"),
                html);
        assertTrue(html.contains("<tr><th>hop</th><th>storm: locality</th><th>storm: bounded"
                + " samples</th><th>flink: locality</th><th>flink: bounded samples</th>"
                + "<th>percentile</th><th>storm ± bound</th><th>flink ± bound</th>"
                + "<th>flink − storm</th><th>verdict</th></tr>"), html);
        assertTrue(html.contains("<tr><td>a -&gt; b</td><td>local</td><td>1</td><td>local</td>"
                + "<td>1</td><td>p50</td>"), html);
        // The hop local in storm and remote in flink: a row of each, under its run's name.
        assertTrue(html.contains("<tr><td>b -&gt; c</td><td>local</td><td>1</td><td></td>"
                + "<td></td><td colspan=\"5\">only in storm</td></tr>"), html);
        assertTrue(html.contains("<tr><td>b -&gt; c</td><td></td><td></td><td>remote</td>"
                + "<td>1</td><td colspan=\"5\">only in flink</td></tr>"), html);
        assertTrue(html.contains("<tr><td>c -&gt; d</td><td>remote</td><td>0</td><td>remote</td>"
                + "<td>1</td><td colspan=\"5\">not comparable: storm has no bounded samples of"
                + " it</td></tr>"), html);
    }

    @Test
    void unnamedRunsKeepThePageTitleAndTheSingleLocalityColumn() {
        String html = ComparisonReport.render(RunComparison.of(run(bounded("a -> b", "LOCAL")),
                run(bounded("a -> b", "LOCAL"))));

        assertTrue(html.contains("<title>cloudprofiler comparison</title>"), html);
        assertTrue(html.contains("<tr><th>hop</th><th>locality</th><th>percentile</th>"
                + "<th>A ± bound</th><th>B ± bound</th><th>B − A</th><th>verdict</th></tr>"),
                html);
    }

    @Test
    void theHtmlEscapesTheRunNames() {
        String html = ComparisonReport.render(RunComparison.of(run(), run(),
                new RunNames("<i>", "b&c")));

        assertTrue(html.contains("<title>&lt;i&gt; vs b&amp;c</title>"), html);
        assertTrue(html.contains("<th>b&amp;c − &lt;i&gt;</th>"), html);
        assertFalse(html.contains("<i>"), html);
    }

    /**
     * storm and flink: a hop both have, one local in storm and remote in flink, and one storm
     * has no bounded sample of.
     */
    private static RunComparison namedComparison() {
        return RunComparison.of(
                run("runs/storm", bounded("a -> b", "LOCAL"), bounded("b -> c", "LOCAL"),
                        unbounded("c -> d")),
                run("runs/flink", bounded("a -> b", "LOCAL"), bounded("b -> c", "REMOTE"),
                        bounded("c -> d", "REMOTE")),
                new RunNames("storm", "flink"));
    }

    /** The table's rows: the lines between its heading and the rule under it. */
    private static List<String> rows(String table) {
        List<String> lines = table.lines().toList();
        int heading = lines.indexOf(lines.stream().filter(line -> line.startsWith("hop "))
                .findFirst().orElseThrow());
        return lines.subList(heading + 1, lines.size() - 1);
    }

    private static AnalyzedRun run(AnalysisSummary.HopRow... hops) {
        return run("run", hops);
    }

    private static AnalyzedRun run(String source, AnalysisSummary.HopRow... hops) {
        return new AnalyzedRun(source, true, false, new AnalysisSummary.Analysed(0, null,
                "the sources' first tuple", "rule"), new AnalysisSummary.WarmUp(null, "rule",
                        null, null, null, List.of()), List.of(hops));
    }

    private static AnalysisSummary.HopRow bounded(String hop, String locality) {
        LatencyStats stats = new LatencyStats(1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
        return new AnalysisSummary.HopRow(hop, "TRANSFER", "a", "b", locality, 1, 1, 0, 0, null,
                0, null, stats, stats, Map.of(), null, null);
    }

    /** Remote samples between unsynchronized clocks: counted, no number. */
    private static AnalysisSummary.HopRow unbounded(String hop) {
        return new AnalysisSummary.HopRow(hop, "TRANSFER", "a", "b", "REMOTE", 5, 0, 5, 0, null,
                0, null, null, null, Map.of(), null, null);
    }
}
