package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.cloudprofiler.analyzer.input.InputProblem;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.log.LogFileBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input is named and counted, and the valid part is still analysed: a missing directory, a
 * file of an unknown format version, a damaged block, a file that is not a log.
 */
class BadInputITCase {

    @TempDir
    Path directory;

    @Test
    void reportsWhatItSkippedAndAnalysesTheRest() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, 300, "node-a", LongUnaryOperator.identity());
        Path future = logs.resolve("node-a/spout/1/extra.1.1.cplog");
        Files.write(future, new LogFileBuilder().version(9).node("node-a")
                .channel("spout/1/extra").build());
        Files.writeString(logs.resolve("node-a/spout/1/notes.1.1.cplog"), "not a log");
        // A file whose header names a node other than its directory's.
        Files.write(logs.resolve("node-a/spout/1/stray.1.1.cplog"), new LogFileBuilder()
                .node("node-z").channel("spout/1/stray").handlerId(3).columns("tsc", "count")
                .block(new long[] {1}, new long[] {1}).build());
        Path sink = logs.resolve("node-a/sink/2/in.1.1.cplog");
        byte[] bytes = Files.readAllBytes(sink);
        // Damage one byte inside the second block's payload: its checksum no longer holds.
        int header = new LogFileBuilder().node("node-a").channel("sink/2/in").header().length;
        int secondBlock = header + 24 + (int) (Files.size(sink) - header - 112) / 3;
        bytes[secondBlock + 40] ^= 0x55;
        Files.write(sink, bytes);

        AnalysisSummary summary = GoldenNumbersITCase.analyze(AnalyzerOptions.of(
                List.of(logs, directory.resolve("missing")), null, directory.resolve("out")));

        List<String> kinds = summary.input().problems().stream().map(p -> p.kind().name())
                .toList();
        assertTrue(kinds.contains("MISSING"), kinds.toString());
        assertTrue(kinds.contains("UNSUPPORTED_VERSION"), kinds.toString());
        assertTrue(kinds.contains("NOT_A_LOG"), kinds.toString());
        assertTrue(kinds.contains("NODE_MISMATCH"), kinds.toString());
        assertTrue(summary.notes().stream().anyMatch(note -> note.contains("no --sync")),
                summary.notes().toString());
        assertEquals(3, summary.input().filesSkipped());
        assertTrue(summary.input().blocksSkipped() >= 1, summary.input().toString());
        long transfers = GoldenNumbersITCase.row(summary, "spout -> sink", "LOCAL")
                .boundedSamples();
        assertTrue(transfers > 0 && transfers < 300, "transfers " + transfers);
        assertEquals(300, GoldenNumbersITCase.row(summary, "spout", "LOCAL").boundedSamples());
    }
}
