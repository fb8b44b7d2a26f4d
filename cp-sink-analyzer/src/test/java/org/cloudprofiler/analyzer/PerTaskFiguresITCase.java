package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.IntToLongFunction;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.AnalysisSummary.TaskFigures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each task's figures of a compute hop, on a log set {@code spout -> work -> sink} whose
 * {@code work} has two tasks of known, different latencies: task 2 takes the even tuples and
 * holds each {@code 100 + k} ns, task 4 the odd ones and holds each {@code 150 + 2k} ns, for
 * {@code k} = 0..49 twice over. Below 256 ns the per-task histograms are exact, so the figures
 * are the nearest ranks' values.
 */
class PerTaskFiguresITCase {

    private static final int TUPLES = 200;

    @TempDir
    Path directory;

    @Test
    void theComputeHopOfAComponentOfTwoTasksHasEachTasksExactFiguresInTheSummaryAndGraph()
            throws Exception {
        Path logs = directory.resolve("logs");
        writeLogSet(logs);
        Path out = directory.resolve("out");

        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(List.of(logs), null, out)
                .withParallelism(2), System.err).run();

        AnalysisSummary.HopRow work = summary.hops().stream()
                .filter(hop -> hop.kind().equals("COMPUTE") && hop.from().equals("work"))
                .findFirst().orElseThrow();
        // 100 samples each: p50 is the 50th smallest, p99 the 99th; all on one node: bound 0.
        assertEquals(List.of(new TaskFigures(2, 100, 124, 149, 0),
                new TaskFigures(4, 100, 198, 248, 0)), work.tasks());
        summary.hops().stream().filter(hop -> !hop.kind().equals("COMPUTE"))
                .forEach(hop -> assertNull(hop.tasks(), hop.hop()));
        JsonNode written = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        JsonNode writtenTasks = StreamSupport.stream(written.get("hops").spliterator(), false)
                .filter(hop -> hop.get("hop").asText().equals("work")).findFirst().orElseThrow()
                .get("tasks");
        assertEquals(new ObjectMapper().readTree("""
                [{"task":2,"samples":100,"p50":124.0,"p99":149.0,"boundMax":0.0},
                 {"task":4,"samples":100,"p50":198.0,"p99":248.0,"boundMax":0.0}]"""),
                writtenTasks);
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains(">task 2: 124 ns · 149 ns · ≤ 0 ns</text>"), html);
        assertTrue(html.contains(">task 4: 198 ns · 248 ns · ≤ 0 ns</text>"), html);
    }

    /** Tuple {@code i} enters the spout at {@code i} µs; work takes it 200 ns later. */
    private static void writeLogSet(Path logs) throws Exception {
        int[] all = IntStream.range(0, TUPLES).toArray();
        writeIds(logs, "spout/1/in", all, i -> 0);
        writeIds(logs, "spout/1/out", all, i -> 100);
        writeWorkTask(logs, 2, i -> i % 2 == 0, k -> 100 + k);
        writeWorkTask(logs, 4, i -> i % 2 == 1, k -> 150 + 2 * k);
        writeIds(logs, "sink/3/in", all, i -> 800);
        writeIds(logs, "sink/3/out", new int[0], i -> 900);
        GoldenLogSet.writeChainTopology(logs, "node-a", "spout", "work", "sink");
    }

    /** Task {@code task}'s in and out of the tuples it takes, its {@code k}-th held as given. */
    private static void writeWorkTask(Path logs, int task, IntPredicate takes,
            LongUnaryOperator latencyNsOfK) throws Exception {
        int[] taken = IntStream.range(0, TUPLES).filter(takes).toArray();
        writeIds(logs, "work/" + task + "/in", taken, i -> 200);
        writeIds(logs, "work/" + task + "/out", taken,
                i -> 200 + latencyNsOfK.applyAsLong((i / 2) % 50));
    }

    private static void writeIds(Path logs, String channel, int[] tuples,
            IntToLongFunction offsetNs) throws Exception {
        long[] ids = IntStream.of(tuples).mapToLong(i -> 1000 + i).toArray();
        long[] tscs = IntStream.of(tuples).mapToLong(i -> GoldenLogSet.START + i * 1_000L
                + offsetNs.applyAsLong(i)).toArray();
        GoldenLogSet.writeIds(logs, "node-a", channel, ids, tscs, LongUnaryOperator.identity());
    }
}
