package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cloudprofiler.analyzer.compare.AnalyzedRun;
import org.cloudprofiler.analyzer.compare.RunComparison;
import org.cloudprofiler.analyzer.compare.RunNames;
import org.junit.jupiter.api.Test;

/** The lines that say two analyses are not comparable as they stand, in both forms. */
class ComparabilityWarningsTest {

    private static final Long WHOLE = null;
    private static final Long NONE = null;

    @Test
    void twoFinishedAnalysesOfOneRangeWithoutWarmUpGiveNoWarning() {
        assertEquals(List.of(), warnings(run(true, false, 0, WHOLE, NONE),
                run(true, false, 0, WHOLE, NONE)));
    }

    @Test
    void aStoppedAnalysisAndARefreshEachGiveOneLine() {
        List<String> warnings = warnings(run(true, true, 0, WHOLE, NONE),
                run(false, false, 0, WHOLE, NONE));

        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("A is unfinished: its analysis was stopped before"
                + " its job ended"), warnings.get(0));
        assertTrue(warnings.get(1).startsWith("B is unfinished: a refresh of an analysis still"
                + " following its logs"), warnings.get(1));
    }

    @Test
    void differentRangesGiveOneLineNamingBoth() {
        assertEquals(List.of("A and B cover different parts of their runs: A the whole run, B"
                + " from 5.00 s to 60.0 s after the run's start; analyze both with the same"
                + " --from and --to"), warnings(run(true, false, 0, WHOLE, NONE),
                        run(true, false, 5_000_000_000L, 60_000_000_000L, NONE)));
    }

    @Test
    void aWarmUpInOneAnalysisOnlyGivesOneLineWithTheFromThatLeavesItOut() {
        // A: the whole run, whose first 3 s are warm-up; B: from 3 s, where none is found.
        List<String> warnings = warnings(run(true, false, 0, WHOLE, 3_000_000_000L),
                run(true, false, 3_000_000_000L, WHOLE, NONE));

        assertEquals(2, warnings.size(), warnings.toString());
        assertEquals("A includes its warm-up (the run's first 3.00 s) and B does not (B's"
                + " samples start 3.00 s after its run's start): A's high percentiles may hold"
                + " the warm-up alone; analyze both with --from 3000ms", warnings.get(1));
    }

    @Test
    void aWarmUpInBothAnalysesOrOneBeforeTheRangeGivesNoWarmUpLine() {
        assertEquals(List.of(), warnings(run(true, false, 0, WHOLE, 3_000_000_000L),
                run(true, false, 0, WHOLE, 1_000_000_000L)));
        // B's warm-up ends before its range starts: its samples hold none, as A's.
        assertEquals(List.of(), warnings(run(true, false, 4_000_000_000L, WHOLE, NONE),
                run(true, false, 4_000_000_000L, WHOLE, 3_000_000_000L)));
    }

    @Test
    void theConsoleAndTheHtmlEachPrintEveryWarningAboveTheTable() {
        RunComparison comparison = RunComparison.of(run(true, true, 0, WHOLE, NONE),
                run(true, false, 0, WHOLE, NONE));

        String console = ComparisonTable.render(comparison);
        String html = ComparisonReport.render(comparison);

        assertTrue(console.contains("\nWarning: A is unfinished: "), console);
        assertTrue(console.indexOf("Warning: ") < console.indexOf("\nhop "), console);
        assertTrue(html.contains("<p class=\"warning\">Warning: A is unfinished: "), html);
        assertTrue(html.indexOf("Warning: ") < html.indexOf("<table>"), html);
    }

    @Test
    void namedRunsAreCalledByTheirNamesInEveryWarning() {
        // storm: stopped, the whole run with its warm-up; flink: a refresh from 3 s on.
        RunComparison comparison = RunComparison.of(run(true, true, 0, WHOLE, 3_000_000_000L),
                run(false, false, 3_000_000_000L, WHOLE, NONE), new RunNames("storm", "flink"));

        List<String> warnings = ComparabilityWarnings.of(comparison);

        assertEquals(4, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("storm is unfinished: its analysis was stopped"),
                warnings.get(0));
        assertTrue(warnings.get(1).startsWith("flink is unfinished: a refresh of an analysis"),
                warnings.get(1));
        assertEquals("storm and flink cover different parts of their runs: storm the whole run,"
                + " flink from 3.00 s after the run's start to the end of the logs; analyze both"
                + " with the same --from and --to", warnings.get(2));
        assertEquals("storm includes its warm-up (the run's first 3.00 s) and flink does not"
                + " (flink's samples start 3.00 s after its run's start): storm's high"
                + " percentiles may hold the warm-up alone; analyze both with --from 3000ms",
                warnings.get(3));
    }

    @Test
    void aWarmUpInTheSecondNamedRunOnlyNamesItFirst() {
        RunComparison comparison = RunComparison.of(run(true, false, 0, WHOLE, NONE),
                run(true, false, 0, WHOLE, 2_000_000_000L), new RunNames("storm", "flink"));

        assertEquals(List.of("flink includes its warm-up (the run's first 2.00 s) and storm does"
                + " not (none was found in storm): flink's high percentiles may hold the warm-up"
                + " alone; analyze both with --from 2000ms"),
                ComparabilityWarnings.of(comparison));
    }

    private static List<String> warnings(AnalyzedRun a, AnalyzedRun b) {
        return ComparabilityWarnings.of(RunComparison.of(a, b));
    }

    private static AnalyzedRun run(boolean finished, boolean stopped, long fromNs, Long toNs,
            Long warmUpEndNs) {
        return new AnalyzedRun("run", finished, stopped, new AnalysisSummary.Analysed(fromNs,
                toNs, "the sources' first tuple", "rule"), new AnalysisSummary.WarmUp(
                        warmUpEndNs, "rule", null, null, null, List.of()), List.of());
    }
}
