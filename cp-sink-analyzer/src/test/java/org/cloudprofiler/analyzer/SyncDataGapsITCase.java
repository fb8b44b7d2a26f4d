package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntToLongFunction;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.AnalysisSummary.HopRow;
import org.cloudprofiler.sync.translate.TranslationMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sync data with gaps or contradictions, in the shapes the sync server writes: the analysis goes
 * on, a pair the data cannot relate is unbounded and named, and a duration keeps its number
 * wherever a bounded path exists, within its bound of the known truth.
 */
class SyncDataGapsITCase {

    private static final int TUPLES = 200;
    /** Node-b runs 100 ppm fast and 123,456,789 ticks ahead of node-a. */
    private static final LongUnaryOperator NODE_B =
            t -> t + Math.floorDiv(t, 10_000) + 123_456_789;

    @TempDir
    Path directory;

    @Test
    void hullOnContradictorySyncDataLeavesThePairUnsynchronizedAndGoesOn() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-b", NODE_B);
        // node-b's clock advances 1,000,000 ticks between the start exchanges, as node-a's does,
        // then 30,000,000 while node-a's advances 14,000,000: no line fits all three.
        long b0 = NODE_B.applyAsLong(1_001_000);
        Path sync = writeSync(phase("start", 0, pair("node-a", "node-b", 1_000_000, b0, 1_002_000,
                "[[1000000,%d,1002000],[2000000,%d,2002000]]".formatted(b0, b0 + 1_000_000)),
                pair("node-b", "node-a", b0 - 1000, 1_000_000, b0 + 1000, "[]")),
                phase("end", 1, pair("node-a", "node-b", 16_000_000, b0 + 30_000_000,
                        16_002_000, "[]"), pair("node-b", "node-a", b0 + 29_999_000,
                        16_001_000, b0 + 30_001_000, "[]")));
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(List.of(logs), sync,
                directory.resolve("out")).withMethod(TranslationMethod.HULL),
                new PrintStream(console, true)).run();

        assertEquals(List.of("node-a <-> node-b"), summary.unsynchronizedPairs());
        HopRow transfer = GoldenNumbersITCase.row(summary, "spout -> sink", "REMOTE");
        assertEquals(TUPLES, transfer.unboundedSamples());
        assertNull(transfer.latencyNs());
        assertEquals(TUPLES, GoldenNumbersITCase.row(summary, "spout", "LOCAL")
                .boundedSamples());
        String note = "node-a <-> node-b: no clock translation of durations on node-b to the"
                + " reference node-a is possible with HULL sync data:\n  node-a <- node-b,"
                + " phases 0 (start) to 1 (end): no linear clock map satisfies every exchange";
        assertTrue(summary.notes().stream().anyMatch(n -> n.startsWith(note)),
                summary.notes()::toString);
        assertTrue(console.toString().contains("Note: " + note), console::toString);
        assertTrue(Files.exists(directory.resolve("out/summary.json")));
    }

    @Test
    void durationsOnOneNodeKeepTheirNumbersWithoutOneEndPhaseDirection() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-b", NODE_B);
        // Node-b is the reference: the spout's durations lie entirely on node-a, which needs
        // only node-a's rate to node-b. The end phase lacks node-b -> node-a, the direction
        // MINRTT takes for that map; node-a -> node-b has both phases.
        Path sync = writeSync(phase("start", 0,
                        pair("node-a", "node-b", 1_000_000, NODE_B.applyAsLong(1_001_000),
                                1_002_000, "[]"),
                        pair("node-b", "node-a", NODE_B.applyAsLong(999_000), 1_000_000,
                                NODE_B.applyAsLong(1_001_000) + 1, "[]")),
                phase("end", 1, pair("node-a", "node-b", 16_000_000,
                        NODE_B.applyAsLong(16_001_500), 16_003_000, "[]")));

        AnalysisSummary summary = GoldenNumbersITCase.analyze(AnalyzerOptions.of(List.of(logs),
                sync, directory.resolve("out")).withReference("node-b"));

        assertTrue(summary.unsynchronizedPairs().isEmpty(), summary.notes()::toString);
        // The truth is on node-b's clock, whose 1 GHz ticks are the unit.
        assertHoldsTheTruth(GoldenNumbersITCase.row(summary, "spout", "LOCAL"),
                GoldenLogSet::spoutIn, GoldenLogSet::spoutOut);
        assertHoldsTheTruth(GoldenNumbersITCase.row(summary, "spout -> sink", "REMOTE"),
                GoldenLogSet::spoutOut, GoldenLogSet::sinkIn);
    }

    /**
     * Node-b's clock steps from 100 to 400 ppm fast in the middle of the tuples, and mid phases
     * every 1.5 ms measure both rates: at the default drift allowance the remote samples that
     * need node-b's clock around the step are unbounded, counted as such, and a note names the
     * node, the span and the fix; with an allowance that covers the step, every one is bounded
     * and holds the truth.
     */
    @Test
    void driftBeyondTheAllowanceLeavesSamplesUnboundedWithANote() throws Exception {
        long step = 11_000_000;
        LongUnaryOperator stepping = t -> t + Math.floorDiv(t, 10_000) + 123_456_789
                + (t > step ? Math.floorDiv((t - step) * 3, 10_000) : 0);
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-b", stepping);
        String[] phases = new String[11];
        for (int i = 0; i < phases.length; i++) {
            long s = 1_000_000 + i * 1_500_000L;
            // Round trips of 2 ticks: each segment's rate is known to a fraction of a ppm.
            phases[i] = phase(i == 0 ? "start" : i == phases.length - 1 ? "end" : "mid", i,
                    pair("node-a", "node-b", s, stepping.applyAsLong(s + 1), s + 2, "[]"));
        }
        Path sync = writeSync(phases);
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(List.of(logs), sync,
                directory.resolve("out")).withReference("node-a"),
                new PrintStream(console, true)).run();

        HopRow transfer = GoldenNumbersITCase.row(summary, "spout -> sink", "REMOTE");
        assertEquals(TUPLES, transfer.unboundedSamples());
        assertEquals(TUPLES, transfer.paths().get("DRIFT_BEYOND_MODEL"));
        assertEquals(TUPLES, GoldenNumbersITCase.row(summary, "spout", "LOCAL")
                .boundedSamples());
        String note = "the clock of node-b against node-a changed rate by at least";
        assertTrue(summary.notes().stream().anyMatch(n -> n.startsWith(note)
                && n.contains("Fix: take mid phases more often")), summary.notes()::toString);
        assertTrue(console.toString().contains("Note: " + note), console::toString);
        assertTrue(Files.readString(directory.resolve("out/summary.json")).contains(note));

        AnalysisSummary covered = GoldenNumbersITCase.analyze(AnalyzerOptions.of(List.of(logs),
                sync, directory.resolve("out-covered")).withReference("node-a")
                .withDriftPpm(400));
        HopRow coveredTransfer = GoldenNumbersITCase.row(covered, "spout -> sink", "REMOTE");
        assertEquals(TUPLES, coveredTransfer.boundedSamples());
        // The truth is on node-a's clock: from spout out to sink in, 500 + i ns.
        double bound = coveredTransfer.boundNs().max();
        assertTrue(Math.abs(coveredTransfer.latencyNs().min() - 500) <= bound,
                () -> "min " + coveredTransfer.latencyNs().min() + " ± " + bound);
        assertTrue(Math.abs(coveredTransfer.latencyNs().max() - (500 + TUPLES - 1)) <= bound,
                () -> "max " + coveredTransfer.latencyNs().max() + " ± " + bound);
        assertTrue(covered.notes().stream().noneMatch(n -> n.startsWith(note)),
                covered.notes()::toString);
    }

    /**
     * Every sample bounded, and the extremes within the largest bound of the truth's: the
     * difference of node-b's readings at the true instants (node-a's ticks) of each tuple.
     */
    private static void assertHoldsTheTruth(HopRow row, IntToLongFunction start,
            IntToLongFunction end) {
        assertEquals(TUPLES, row.boundedSamples(), row.hop());
        long[] truths = IntStream.range(0, TUPLES).mapToLong(i -> NODE_B.applyAsLong(
                end.applyAsLong(i)) - NODE_B.applyAsLong(start.applyAsLong(i))).sorted()
                .toArray();
        double minTruthNs = truths[0];
        double maxTruthNs = truths[TUPLES - 1];
        double bound = row.boundNs().max();
        assertTrue(Math.abs(row.latencyNs().min() - minTruthNs) <= bound,
                () -> row.hop() + ": min " + row.latencyNs().min() + " ± " + bound);
        assertTrue(Math.abs(row.latencyNs().max() - maxTruthNs) <= bound,
                () -> row.hop() + ": max " + row.latencyNs().max() + " ± " + bound);
    }

    private Path writeSync(String... phases) throws Exception {
        Path sync = directory.resolve("sync.json");
        Files.writeString(sync, """
                {"schemaVersion":1,
                 "nodes":[{"id":"node-a","host":"10.0.0.1","tscHz":1000000000},
                          {"id":"node-b","host":"10.0.0.2","tscHz":1000000000}],
                 "phases":[%s],
                 "transferModels":[]}
                """.formatted(String.join(",", phases)));
        return sync;
    }

    private static String phase(String name, int index, String... pairs) {
        return """
                {"name":"%s","index":%d,"startedRealtimeNs":0,"pairs":[%s]}"""
                .formatted(name, index, String.join(",", pairs));
    }

    /** A measured pair whose min exchange is (s, b, r); {@code all} is a JSON array. */
    private static String pair(String from, String to, long s, long b, long r, String all) {
        int exchanges = all.equals("[]") ? 1 : all.split("],").length;
        return """
                {"from":"%s","to":"%s","exchanges":%d,"lost":0,
                 "min":{"s":%d,"b":%d,"r":%d},"all":%s}"""
                .formatted(from, to, exchanges, s, b, r, all);
    }
}
