package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose records carry no tuple ids at a point (docs/design.md, "Tuple lineage": the
 * engines count them as missing ids): its tasks' cpu channels counted the records that entered,
 * its {@code in} channels logged no id. The analysis says so in one line naming the point and
 * the fix, on the console and in report.html, and never reports "0 complete, 0 timed out"
 * without a note.
 */
class MissingIdsITCase {

    private static final int RECORDS = 1_000;
    private static final LongUnaryOperator CLOCK = LongUnaryOperator.identity();

    @TempDir
    Path directory;

    @Test
    void recordsWithoutIdsAtTheSourceAreNamedInOneLineWithTheFix() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.writeChainTopology(logs, "node-a", "generated", "sink");
        for (String component : new String[] {"generated/1", "sink/2"}) {
            GoldenLogSet.writeIds(logs, "node-a", component + "/in", new long[0], new long[0],
                    CLOCK);
            GoldenLogSet.write(logs, "node-a", component + "/cpu",
                    GoldenLogSet.channel("node-a", component + "/cpu", 8, CLOCK)
                            .columns("tsc", "count", "cpu_ns")
                            .block(new long[] {GoldenLogSet.START, GoldenLogSet.START + 1_000_000},
                                    new long[] {0, RECORDS}, new long[] {0, 5_000_000}), 1, 2);
        }
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(List.of(logs), null,
                directory.resolve("out")), new PrintStream(console, true)).run();

        assertEquals(0, summary.tuples().complete());
        List<String> lines = console.toString().lines()
                .filter(line -> line.contains("no tuple ids at")).toList();
        assertEquals(1, lines.size(), console.toString());
        assertTrue(lines.get(0).contains("generated/in: 1,000 records entered it")
                && lines.get(0).contains("Fix:"), lines.get(0));
        assertTrue(console.toString().contains("Tuples: 0 complete, 0 timed out (why: the notes"
                + " below)"), console.toString());
        String report = Files.readString(directory.resolve("out/report.html"));
        // First in the "Read first" box, and among the notes.
        assertTrue(report.indexOf("no tuple ids at generated/in") < report.indexOf("<h2>"),
                report);
        assertEquals(2, report.split("no tuple ids at generated/in", -1).length - 1, report);
    }

    /** A component whose in channel was OFF: counted records, no in file at all. */
    @Test
    void aComponentWhoseInChannelIsOffIsNamedInOneLineWithTheFix() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, RECORDS, "node-a", CLOCK);
        Files.delete(logs.resolve("node-a").resolve("spout/1/in.1.1.cplog"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        new Analyzer(AnalyzerOptions.of(List.of(logs), null, directory.resolve("out")),
                new PrintStream(console, true)).run();

        List<String> lines = console.toString().lines()
                .filter(line -> line.contains("no tuple ids at")).toList();
        assertEquals(1, lines.size(), console.toString());
        assertTrue(lines.get(0).contains("spout/in: 1,000 records entered it (its count or cpu"
                + " channels) but it has no in channel among the logs")
                && lines.get(0).contains("no OFF rule"), lines.get(0));
    }

    @Test
    void aRunWithoutAnyIdRecordSaysWhyNothingWasJoined() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.writeChainTopology(logs, "node-a", "generated", "sink");
        writeFirstLast(logs, "generated/1/first-last");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        new Analyzer(AnalyzerOptions.of(List.of(logs), null, directory.resolve("out")),
                new PrintStream(console, true)).run();

        List<String> lines = console.toString().lines()
                .filter(line -> line.contains("no tuple was joined")).toList();
        assertEquals(1, lines.size(), console.toString());
        assertTrue(lines.get(0).contains("Fix:"), lines.get(0));
    }

    private static void writeFirstLast(Path logs, String name) throws IOException {
        GoldenLogSet.write(logs, "node-a", name, GoldenLogSet.channel("node-a", name, 7, CLOCK)
                .block(new long[] {1, -1}, new long[] {GoldenLogSet.START,
                    GoldenLogSet.START + 1_000_000}), 1, 2);
    }
}
