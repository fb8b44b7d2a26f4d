package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tail breakdown on a hand-built log set of one node ({@code spout -> bolt -> sink},
 * 1 GHz, 2,000 tuples): transfers take 500 ns and the bolt 1 µs, except for 20 tuples (1%) whose
 * bolt takes 1 ms, and 20 others whose transfer to the sink takes 100 µs. The slowest 1% end to
 * end are exactly the first 20, and the bolt made them slow; the slow transfers, the next
 * slowest, are not in the tail.
 */
class TailBreakdownITCase {

    private static final int TUPLES = 2_000;
    private static final long START = 10_000_000L;
    private static final long SPACING_NS = 10_000_000L;
    private static final long SPOUT_NS = 100;
    private static final long TRANSFER_NS = 500;
    private static final long BOLT_NS = 1_000;
    private static final long SLOW_BOLT_NS = 1_000_000;
    private static final long SLOW_TRANSFER_NS = 100_000;

    @TempDir
    Path directory;

    @Test
    void theHopThatMakesTheSlowestOnePercentIsNamedWithItsShare() throws Exception {
        writeLogSet();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(
                List.of(directory.resolve("logs")), null, directory.resolve("out")),
                new PrintStream(console, true)).run();

        assertEquals(1, summary.tail().size(), summary.tail().toString());
        AnalysisSummary.Tail tail = summary.tail().get(0);
        assertEquals("spout => sink", tail.hop());
        assertEquals(TUPLES, tail.ofTuples());
        assertEquals(20, tail.tuples());
        long slowEndToEndNs = SPOUT_NS + TRANSFER_NS + SLOW_BOLT_NS + TRANSFER_NS;
        assertEquals(slowEndToEndNs, tail.thresholdNs(), 0);
        assertEquals(slowEndToEndNs, tail.meanNs(), 1e-6);
        assertEquals(0, tail.meanBoundNs(), 0);
        assertEquals("bolt", tail.dominant());
        List<String> onTheWay = tail.hops().stream().map(AnalysisSummary.TailHop::hop).toList();
        assertEquals(List.of("spout", "spout -> bolt", "bolt", "bolt -> sink"), onTheWay);
        AnalysisSummary.TailHop bolt = tail.hops().get(2);
        assertEquals((double) SLOW_BOLT_NS / slowEndToEndNs, bolt.meanShare(), 1e-12);
        assertEquals(SLOW_BOLT_NS, bolt.meanNs(), 1e-6);
        assertEquals(20, bolt.dominantTuples());
        assertEquals(20, bolt.samples());
        double shares = tail.hops().stream().mapToDouble(AnalysisSummary.TailHop::meanShare)
                .sum();
        assertEquals(1, shares, 1e-12, "a chain's hops add up to its end-to-end latency");

        String printed = console.toString();
        assertTrue(printed.contains("  spout => sink: 20 of 2,000 tuples, from 1.00 ms (mean"
                + " 1.00 ms ± 0 ns); largest hop most often: bolt\n"), printed);
        JsonNode written = new ObjectMapper().readTree(directory.resolve("out/summary.json")
                .toFile());
        assertEquals("bolt", written.path("tail").get(0).path("dominant").asText());
        assertTrue(Files.readString(directory.resolve("out/report.html"))
                .contains("<h2>The tail: the slowest 1% of tuples end to end"));
    }

    private void writeLogSet() throws Exception {
        Path logs = directory.resolve("logs");
        long[] ids = new long[TUPLES];
        long[] spoutIn = new long[TUPLES];
        long[] spoutOut = new long[TUPLES];
        long[] boltIn = new long[TUPLES];
        long[] boltOut = new long[TUPLES];
        long[] sinkIn = new long[TUPLES];
        for (int i = 0; i < TUPLES; i++) {
            // Every 100th tuple has a slow bolt, every 100th from the 50th a slow transfer.
            boolean slowBolt = i % 100 == 0;
            boolean slowTransfer = i % 100 == 50;
            ids[i] = 1_000 + i;
            spoutIn[i] = START + i * SPACING_NS;
            spoutOut[i] = spoutIn[i] + SPOUT_NS;
            boltIn[i] = spoutOut[i] + TRANSFER_NS;
            boltOut[i] = boltIn[i] + (slowBolt ? SLOW_BOLT_NS : BOLT_NS);
            sinkIn[i] = boltOut[i] + (slowTransfer ? SLOW_TRANSFER_NS : TRANSFER_NS);
        }
        LongUnaryOperator same = LongUnaryOperator.identity();
        GoldenLogSet.writeIds(logs, "node-a", "spout/1/in", ids, spoutIn, same);
        GoldenLogSet.writeIds(logs, "node-a", "spout/1/out", ids, spoutOut, same);
        GoldenLogSet.writeIds(logs, "node-a", "bolt/2/in", ids, boltIn, same);
        GoldenLogSet.writeIds(logs, "node-a", "bolt/2/out", ids, boltOut, same);
        GoldenLogSet.writeIds(logs, "node-a", "sink/3/in", ids, sinkIn, same);
        GoldenLogSet.writeChainTopology(logs, "node-a", "spout", "bolt", "sink");
    }
}
