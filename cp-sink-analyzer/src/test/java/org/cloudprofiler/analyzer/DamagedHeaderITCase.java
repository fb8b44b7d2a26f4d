package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import java.util.stream.Stream;
import org.cloudprofiler.analyzer.input.InputProblem;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.AnalysisSummary.HopRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A header whose checksum failed is not trusted for timing: with one bit flipped in a header's
 * TSC frequency (docs/log-format.md, offset 24), the figures are those of the node's intact
 * headers, or unbounded where the node has none, never ones computed at the damaged frequency;
 * and a note names the figures the file feeds.
 */
class DamagedHeaderITCase {

    private static final int TUPLES = 300;
    /** Byte 3 of the u64 TSC Hz at offset 24: 1 GHz (0x3B9ACA00) becomes 0x2B9ACA00. */
    private static final int TSC_HZ_BYTE = 27;
    private static final int NODE_ID_FIRST_CHAR = 98;

    @TempDir
    Path directory;

    @Test
    void aFlippedFrequencyBitLeavesTheFiguresOfTheNodesIntactHeaders() throws Exception {
        Path logs = writeLogs();
        // sink/2/first-last sorts first: its header gave node-a's clock before.
        flipBit(logs.resolve("node-a/sink/2/first-last.1.1.cplog"), TSC_HZ_BYTE);
        flipBit(logs.resolve("node-a/spout/1/in.1.1.cplog"), TSC_HZ_BYTE);

        AnalysisSummary summary = analyze(logs);

        assertExact(GoldenNumbersITCase.row(summary, "spout", "LOCAL"), 100);
        assertExact(GoldenNumbersITCase.row(summary, "spout -> sink", "LOCAL"), 500);
        assertExact(GoldenNumbersITCase.row(summary, "spout => sink", "LOCAL"), 600);
        assertEquals(GoldenLogSet.pill(TUPLES) - GoldenLogSet.spoutIn(0),
                summary.run().durationNs(), 0);
        assertEquals(0, summary.run().durationBoundNs(), 0);
        assertTrue(summary.input().problems().stream()
                .anyMatch(problem -> problem.message().contains("header checksum")),
                summary.input().problems()::toString);
        assertNote(summary, "spout/1/in.1.1.cplog: its header failed its checksum and is not"
                + " trusted for timing: its clock frequency and open time are taken from"
                + " node-a's intact headers instead. Figures its records feed: hops spout,"
                + " spout => sink");
        assertNote(summary, "sink/2/first-last.1.1.cplog: its header failed its checksum");
    }

    @Test
    void aNodeWithoutAnIntactHeaderHasUnboundedDurations() throws Exception {
        Path logs = writeLogs();
        try (Stream<Path> files = Files.walk(logs)) {
            for (Path log : files.filter(file -> file.toString().endsWith(".cplog")).toList()) {
                flipBit(log, TSC_HZ_BYTE);
            }
        }

        AnalysisSummary summary = analyze(logs);

        for (String hop : List.of("spout", "spout -> sink", "spout => sink")) {
            HopRow row = GoldenNumbersITCase.row(summary, hop, "LOCAL");
            assertEquals(0, row.boundedSamples(), hop);
            assertEquals(TUPLES, row.unboundedSamples(), hop);
        }
        assertNull(summary.run().durationNs());
        assertNote(summary, "spout/1/first-last.1.1.cplog: its header failed its checksum and is"
                + " not trusted for timing: node-a has no intact header, so its clock frequency"
                + " is unknown and durations on node-a are unbounded, reported without a number"
                + " (Fix: give --sync). Figures its records feed: the run duration and"
                + " throughput");
    }

    @Test
    void aDamagedHeaderWhoseNodeDisagreesWithItsDirectoryIsSkipped() throws Exception {
        Path logs = writeLogs();
        flipBit(logs.resolve("node-a/spout/1/out.1.1.cplog"), NODE_ID_FIRST_CHAR);

        AnalysisSummary summary = analyze(logs);

        InputProblem skipped = summary.input().problems().stream()
                .filter(problem -> problem.file().endsWith("spout/1/out.1.1.cplog"))
                .findFirst().orElseThrow();
        assertEquals(InputProblem.Kind.BAD_HEADER, skipped.kind());
        assertTrue(skipped.message().contains("do not match where it lies"), skipped::message);
        assertExact(GoldenNumbersITCase.row(summary, "spout => sink", "LOCAL"), 600);
    }

    private Path writeLogs() throws IOException {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-a", LongUnaryOperator.identity());
        return logs;
    }

    private AnalysisSummary analyze(Path logs) throws Exception {
        return GoldenNumbersITCase.analyze(AnalyzerOptions.of(List.of(logs), null,
                directory.resolve("out")));
    }

    /** Flips one bit of the byte at {@code offset}; the header's CRC no longer matches. */
    private static void flipBit(Path file, int offset) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        bytes[offset] ^= 0x10;
        Files.write(file, bytes);
    }

    /** Tuple i's duration is exactly {@code baseNs} plus i (or 2·i end to end), bound 0. */
    private static void assertExact(HopRow row, double baseNs) {
        double perTuple = row.hop().contains("=>") ? 2 : 1;
        assertEquals(TUPLES, row.boundedSamples(), row.hop());
        assertEquals(baseNs, row.latencyNs().min(), 1e-6, row.hop());
        assertEquals(baseNs + perTuple * (TUPLES - 1), row.latencyNs().max(), 1e-6, row.hop());
        assertEquals(0, row.boundNs().max(), row.hop());
    }

    private static void assertNote(AnalysisSummary summary, String text) {
        assertTrue(summary.notes().stream().anyMatch(note -> note.contains(text)),
                () -> "no note contains \"" + text + "\": " + summary.notes());
    }
}
