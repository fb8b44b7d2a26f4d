package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.AnalysisSummary.HopRow;
import org.cloudprofiler.analyzer.report.LatencyStats;
import org.cloudprofiler.analyzer.stats.ExactPercentiles;
import org.cloudprofiler.sync.DriftModel;
import org.cloudprofiler.sync.translate.TranslationMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analyzer's numbers on hand-built log sets whose latencies are known exactly: on one node
 * (bounds 0), and across two nodes with a known skew and offset and sync data, where every
 * latency and bound must equal the formulas of docs/design.md, "Clock sync and the CP
 * translation", plus ClockTranslator's documented whole-tick allowance, computed here
 * independently.
 */
class GoldenNumbersITCase {

    private static final int TUPLES = 500;
    /** Node-b runs 100 ppm fast and 123,456,789 ticks ahead of node-a. */
    static final LongUnaryOperator NODE_B = t -> t + Math.floorDiv(t, 10_000) + 123_456_789;
    private static final long START_SEND = 1_000_000;
    private static final long START_RTT = 2_000;
    private static final long END_SEND = 16_000_000;
    private static final long END_RTT = 3_000;

    @TempDir
    Path directory;

    @Test
    void oneNodeGivesExactLatenciesWithZeroBounds() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-a", LongUnaryOperator.identity());
        Files.writeString(logs.resolve("node-a/drops.json"), """
                {"format":"cloudprofiler-drops/1","sources":[
                 {"name":"generator","node":"node-a","dropped":7,"counts":{"emitted":507}},
                 {"name":"jof","dropped":3}]}
                """);
        AnalysisSummary summary = analyze(AnalyzerOptions.of(List.of(logs), null,
                directory.resolve("out")));

        assertExact(row(summary, "spout", "LOCAL"), i -> 100.0 + i);
        assertExact(row(summary, "spout -> sink", "LOCAL"), i -> 500.0 + i);
        assertExact(row(summary, "spout => sink", "LOCAL"), i -> 600.0 + 2 * i);
        for (HopRow row : summary.hops()) {
            assertEquals(0, row.boundNs().max(), row.hop());
        }
        assertEquals(TUPLES, summary.tuples().complete());
        assertEquals(0, summary.tuples().timedOut());
        assertEquals(GoldenLogSet.pill(TUPLES) - GoldenLogSet.spoutIn(0),
                summary.run().durationNs(), 0);
        assertEquals(0, summary.run().durationBoundNs(), 0);
        assertEquals(TUPLES, summary.run().sourceTuples());
        AnalysisSummary.Operator spout = summary.operators().stream()
                .filter(o -> o.component().equals("spout")).findFirst().orElseThrow();
        assertEquals(200, spout.cpu().threadNsPerTuple(), 1e-9);
        assertEquals(TUPLES / ((GoldenLogSet.spoutIn(TUPLES - 1) + 1 - GoldenLogSet.START)
                / 1e9), spout.cpu().tuplesPerSecond(), 1e-6);
        // The count channel went from 0 to half the tuples over its first ms: a run this short
        // has buckets of a tenth of it, the first two within that ms, at its rate exactly.
        double firstMsRate = TUPLES / 2 / 1e-3;
        assertEquals(firstMsRate, spout.throughput().get(0)[1], firstMsRate * 1e-9);
        assertEquals(firstMsRate, spout.throughput().get(1)[1], firstMsRate * 1e-9);
        assertEquals(10, summary.drops().externalDropped());
        assertEquals(507, summary.drops().external().get(0).counts().get("emitted"));
        assertEquals(0, summary.input().problemCount(), summary.input().problems().toString());
        assertTrue(Files.size(directory.resolve("out/hops.csv")) > 0);
    }

    @Test
    void twoSkewedNodesGiveTheDesignBounds() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-b", NODE_B);
        Path sync = directory.resolve("sync.json");
        Files.writeString(sync, syncJson());
        // Two readers: a tuple's records meet in the keyed join, not before the shuffle.
        AnalysisSummary summary = analyze(AnalyzerOptions.of(List.of(logs), sync,
                directory.resolve("out")).withReference("node-a").withReaders(2));

        MinRttFormulas formulas = new MinRttFormulas();
        double[] latency = new double[TUPLES];
        double[] bound = new double[TUPLES];
        for (int i = 0; i < TUPLES; i++) {
            long sinkTicks = NODE_B.applyAsLong(GoldenLogSet.sinkIn(i));
            latency[i] = formulas.translate(sinkTicks) - GoldenLogSet.spoutOut(i);
            bound[i] = formulas.boundWithAllowance(sinkTicks);
            // Ground truth: the true transfer time lies within the bound.
            assertTrue(Math.abs(latency[i] - (500 + i)) <= bound[i], "tuple " + i);
        }
        HopRow transfer = row(summary, "spout -> sink", "REMOTE");
        assertStats(transfer.latencyNs(), latency);
        assertStats(transfer.boundNs(), bound);
        assertEquals(TUPLES, transfer.paths().get("REFERENCE_AND_OTHER"));
        assertExact(row(summary, "spout", "LOCAL"), i -> 100.0 + i);
        assertEquals(0, row(summary, "spout", "LOCAL").boundNs().max());

        long pillTicks = NODE_B.applyAsLong(GoldenLogSet.pill(TUPLES));
        assertEquals(formulas.translate(pillTicks) - GoldenLogSet.spoutIn(0),
                summary.run().durationNs(), 1e-6);
        assertEquals(formulas.boundWithAllowance(pillTicks), summary.run().durationBoundNs(),
                1e-6);
        assertTrue(summary.unsynchronizedPairs().isEmpty());

        // The hull uses every exchange: never looser, and still holds the truth.
        AnalysisSummary hull = analyze(AnalyzerOptions.of(List.of(logs), sync,
                directory.resolve("out-hull")).withReference("node-a")
                .withMethod(TranslationMethod.HULL));
        HopRow hullTransfer = row(hull, "spout -> sink", "REMOTE");
        assertEquals(TUPLES, hullTransfer.boundedSamples());
        assertTrue(hullTransfer.boundNs().max() <= transfer.boundNs().max() + 1e-9);
        assertTrue(hullTransfer.latencyNs().min() + hullTransfer.boundNs().max() >= 500);
    }

    @Test
    void twoNodesWithoutSyncAreUnboundedNeverANumber() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-b", NODE_B);
        AnalysisSummary summary = analyze(AnalyzerOptions.of(List.of(logs), null,
                directory.resolve("out")));

        HopRow transfer = row(summary, "spout -> sink", "REMOTE");
        assertEquals(TUPLES, transfer.unboundedSamples());
        assertEquals(0, transfer.boundedSamples());
        assertEquals(null, transfer.latencyNs());
        assertEquals(List.of("node-a <-> node-b"), summary.unsynchronizedPairs());
        assertEquals(null, summary.run().durationNs());
        assertExact(row(summary, "spout", "LOCAL"), i -> 100.0 + i);
    }

    static AnalysisSummary analyze(AnalyzerOptions options) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        AnalysisSummary summary = new Analyzer(options, new PrintStream(console, true)).run();
        assertTrue(console.toString().contains("spout -> sink"), console.toString());
        return summary;
    }

    static HopRow row(AnalysisSummary summary, String hop, String locality) {
        return summary.hops().stream()
                .filter(row -> row.hop().equals(hop) && row.locality().equals(locality))
                .findFirst().orElseThrow(() -> new AssertionError(hop + " " + locality
                        + " not in " + summary.hops()));
    }

    private static void assertExact(HopRow row, java.util.function.IntToDoubleFunction value) {
        double[] expected = new double[TUPLES];
        for (int i = 0; i < TUPLES; i++) {
            expected[i] = value.applyAsDouble(i);
        }
        assertEquals(TUPLES, row.boundedSamples(), row.hop());
        assertStats(row.latencyNs(), expected);
    }

    /**
     * Every statistic equal to an exact computation over the values ({@link ExactPercentiles}:
     * all below 2,048 ns, so HdrHistogram's buckets are single values); min, max and mean to
     * the rounding of sums.
     */
    static void assertStats(LatencyStats stats, double[] values) {
        assertNotNull(stats);
        ExactPercentiles exact = new ExactPercentiles(values);
        assertEquals(exact.min(), stats.min(), 1e-6);
        assertEquals(exact.max(), stats.max(), 1e-6);
        assertEquals(exact.mean(), stats.mean(), 1e-6);
        assertEquals(exact.at(1), stats.p1(), 1e-9, "p1");
        assertEquals(exact.at(25), stats.p25(), 1e-9, "p25");
        assertEquals(exact.at(50), stats.p50(), 1e-9, "p50");
        assertEquals(exact.at(75), stats.p75(), 1e-9, "p75");
        assertEquals(exact.at(90), stats.p90(), 1e-9, "p90");
        assertEquals(exact.at(99), stats.p99(), 1e-9, "p99");
        assertEquals(exact.at(99.9), stats.p999(), 1e-9, "p99.9");
    }

    /** Sync data of node-a and node-b: one exchange each in the start and end phases. */
    static String syncJson() {
        return """
                {"schemaVersion":1,
                 "nodes":[{"id":"node-a","host":"10.0.0.1","tscHz":1000000000},
                          {"id":"node-b","host":"10.0.0.2","tscHz":1000000000}],
                 "phases":[
                  {"name":"start","index":0,"startedRealtimeNs":0,"pairs":[
                   {"from":"node-a","to":"node-b","exchanges":1,"lost":0,
                    "min":{"s":%d,"b":%d,"r":%d},"all":[]}]},
                  {"name":"end","index":1,"startedRealtimeNs":0,"pairs":[
                   {"from":"node-a","to":"node-b","exchanges":1,"lost":0,
                    "min":{"s":%d,"b":%d,"r":%d},"all":[]}]}],
                 "transferModels":[]}
                """.formatted(START_SEND, NODE_B.applyAsLong(START_SEND + START_RTT / 2),
                START_SEND + START_RTT, END_SEND, NODE_B.applyAsLong(END_SEND + END_RTT / 2),
                END_SEND + END_RTT);
    }

    /**
     * The design's MinRTT map of node-b onto node-a, written out on its own: {@code f(c) = ĉ_j +
     * r·(c − c_j)}, {@code δ(c) = |1 − σ|·δ_j + |σ|·δ_m}; plus ClockTranslator's documented
     * whole-tick allowance for a duration from the reference to another node: the exchanges'
     * tick weighted by {@code |1 − σ| + |σ|}, the timestamp's own tick ({@code r}) and the
     * reference reading's tick (1).
     */
    static final class MinRttFormulas {
        final double cj = NODE_B.applyAsLong(START_SEND + START_RTT / 2);
        final double cm = NODE_B.applyAsLong(END_SEND + END_RTT / 2);
        final double midJ = START_SEND + START_RTT / 2.0;
        final double midM = END_SEND + END_RTT / 2.0;
        final double halfJ = START_RTT / 2.0;
        final double halfM = END_RTT / 2.0;
        final double rate = (midM - midJ) / (cm - cj);

        double translate(long c) {
            return midJ + rate * (c - cj);
        }

        double boundWithAllowance(long c) {
            double sigma = (c - cj) / (cm - cj);
            double weight = Math.abs(1 - sigma) + Math.abs(sigma);
            // The drift term at the default allowance: ρ·r·x·(T − x)/T inside the span, ρ·r
            // times the distance to the nearer phase outside it (docs/design.md).
            double x = c - cj;
            double span = cm - cj;
            double drift = DriftModel.DEFAULT_DRIFT_PPM * 1e-6 * rate
                    * (x < 0 ? -x : x > span ? x - span : x * (span - x) / span);
            return Math.abs(1 - sigma) * halfJ + Math.abs(sigma) * halfM + drift + weight + rate
                    + 1;
        }
    }
}
