package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.cloudprofiler.analyzer.GoldenLogSet;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cloudprofiler compare} on two real analyses of golden log sets, one whose transfers
 * take 500 ns and one whose transfers take 5 µs, and on what a user may give it by mistake.
 */
class CompareCommandTest {

    @TempDir
    static Path directory;

    private static Path fast;
    private static Path slow;

    @BeforeAll
    static void analyzeTwoRuns() throws Exception {
        fast = analyze("fast", 500);
        slow = analyze("slow", 5_000);
    }

    @Test
    void aTransferTenTimesSlowerIsCalledSlowerOnTheConsoleAndInTheHtml() throws Exception {
        Path html = directory.resolve("fast-slow.html");

        CommandRun run = CommandRun.of("compare", fast.toString(), slow.toString(), "--html",
                html.toString());

        assertEquals(0, run.exitCode(), run.err());
        List<String> transfer = run.out().lines()
                .filter(line -> line.startsWith("spout -> sink ")).toList();
        assertEquals(1, transfer.size(), run.out());
        assertTrue(transfer.get(0).matches(".*p50 +500 ns ± 1\\.00 ns +5\\.00 µs ± 4\\.00 ns"
                + " +\\+4\\.50 µs +slower"), transfer.get(0));
        String page = Files.readString(html);
        assertTrue(page.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""));
        assertTrue(page.contains("<td class=\"slower\">slower</td>"), page);
        assertFalse(page.contains("<script"), page);
    }

    @Test
    void aRunComparedWithItselfIsWithinBoundsEverywhere() {
        CommandRun run = CommandRun.of("compare", fast.toString(),
                fast.resolve("summary.json").toString(), "--html",
                directory.resolve("same.html").toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains(" within bounds\n"), run.out());
        assertTrue(run.out().lines().noneMatch(line -> line.endsWith(" slower")
                || line.endsWith(" faster") || line.startsWith("Warning: ")), run.out());
    }

    @Test
    void aStoppedAnalysisOfAnotherRangeIsSaidOnTheConsoleAndInTheHtml() throws Exception {
        ObjectNode summary = (ObjectNode) new ObjectMapper().readTree(
                fast.resolve("summary.json").toFile());
        summary.put("stopped", true);
        ((ObjectNode) summary.get("analysed")).put("fromNs", 5_000_000_000L);
        Path stopped = directory.resolve("stopped.json");
        new ObjectMapper().writeValue(stopped.toFile(), summary);
        Path html = directory.resolve("stopped.html");

        CommandRun run = CommandRun.of("compare", fast.toString(), stopped.toString(), "--html",
                html.toString());

        assertEquals(0, run.exitCode(), run.err());
        List<String> warnings = run.out().lines().filter(line -> line.startsWith("Warning: "))
                .toList();
        assertEquals(2, warnings.size(), run.out());
        assertTrue(warnings.get(0).startsWith("Warning: B is unfinished: its analysis was"
                + " stopped"), warnings.get(0));
        assertTrue(warnings.get(1).startsWith("Warning: A and B cover different parts of their"
                + " runs: A the whole run, B from 5.00 s after the run's start to the end of the"
                + " logs"), warnings.get(1));
        String page = Files.readString(html);
        assertTrue(page.contains("<p class=\"warning\">Warning: B is unfinished"), page);
    }

    @Test
    void aMissingDirectoryADirectoryWithoutSummaryAndAnotherFormatEachGiveOneLine()
            throws Exception {
        Path missing = directory.resolve("missing");
        Path empty = Files.createDirectories(directory.resolve("empty"));
        Path notJson = Files.writeString(directory.resolve("not.json"), "hops,kind\n");
        Path older = directory.resolve("older.json");
        Files.writeString(older, Files.readString(fast.resolve("summary.json"))
                .replace(AnalysisSummary.FORMAT, "cloudprofiler-analysis/0"));

        assertOneLine(missing, missing + " does not exist: give the output directory");
        assertOneLine(empty, empty + " holds no summary.json: give the output directory");
        assertOneLine(notJson, notJson + " is not a summary of 'cloudprofiler analyze' (it is"
                + " not JSON)");
        assertOneLine(older, older + " is of format cloudprofiler-analysis/0, and this"
                + " cloudprofiler reads " + AnalysisSummary.FORMAT + ": analyze its logs again");
    }

    @Test
    void namedRunsAreCalledByTheirNamesOnTheConsoleAndInTheHtml() throws Exception {
        Path html = directory.resolve("named.html");

        CommandRun run = CommandRun.of("compare", fast.toString(), slow.toString(), "--names",
                "storm, flink", "--html", html.toString());

        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals("storm: " + fast, lines.get(0));
        assertEquals("flink: " + slow, lines.get(1));
        assertTrue(lines.get(2).matches("hop +where +storm ± bound +flink ± bound +flink - storm"
                + "  verdict"), lines.get(2));
        String page = Files.readString(html);
        assertTrue(page.contains("<title>storm vs flink</title>"), page);
        assertTrue(page.contains("<th>flink − storm</th>"), page);
    }

    @Test
    void namesThatAreNotTwoDifferentShortOnesGiveOneLineAndExitCodeTwo() {
        assertWrongNames("storm", "--names storm: 1 name; give two, A's then B's, separated by"
                + " a comma: storm,flink");
        assertWrongNames("storm,flink,kafka", "--names storm,flink,kafka: 3 names; give two");
        assertWrongNames("storm, ", "--names storm, : a name is blank; give each run a name");
        assertWrongNames(",flink", "--names ,flink: a name is blank");
        assertWrongNames("storm,storm", "--names storm,storm: both runs are named storm; give"
                + " two different names");
        assertWrongNames("storm,apache-flink-1", "--names storm,apache-flink-1: the name"
                + " apache-flink-1 is longer than 12 characters; give a shorter one");
    }

    private static void assertWrongNames(String names, String expected) {
        CommandRun run = CommandRun.of("compare", fast.toString(), slow.toString(), "--names",
                names, "--html", directory.resolve("wrong-names.html").toString());

        assertEquals(2, run.exitCode(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("cloudprofiler compare: " + expected), run.err());
        assertEquals("", run.out());
    }

    private static void assertOneLine(Path wrong, String expected) {
        CommandRun run = CommandRun.of("compare", fast.toString(), wrong.toString(), "--html",
                directory.resolve("wrong.html").toString());

        assertEquals(1, run.exitCode(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("cloudprofiler compare: " + expected), run.err());
    }

    private static Path analyze(String name, long transferNs) throws IOException {
        Path logs = directory.resolve(name + "-logs");
        Path out = directory.resolve(name);
        GoldenLogSet.write(logs, 200, "node-a", LongUnaryOperator.identity(),
                tuple -> transferNs);
        CommandRun run = CommandRun.of("analyze", "--logs", logs.toString(), "--out",
                out.toString(), "--parallelism", "1");
        assertEquals(0, run.exitCode(), run.err());
        return out;
    }
}
