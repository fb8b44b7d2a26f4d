package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.AnalysisSummary.HopRow;
import org.cloudprofiler.analyzer.report.AnalysisSummary.Violation;
import org.cloudprofiler.analyzer.stats.TupleDuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Latencies below zero are neither clamped nor hidden: on a hand-built log set where every tenth
 * tuple reaches the sink before the spout logged its {@code out}, the statistics rank them with
 * their sign, and each one beyond its bound is reported as a violation on the console, in
 * summary.json, hops.csv and report.html, with its worst case.
 */
class ViolationsITCase {

    private static final int TUPLES = 500;

    @TempDir
    Path directory;

    /** Every tenth tuple, from the fourth on, arrives {@code 50 + i} ns before it left. */
    private static long transferNs(int tuple) {
        return tuple % 10 == 3 ? -(50 + tuple) : 500 + tuple;
    }

    @Test
    void negativeLatenciesOnOneNodeAreViolationsWithTheirWorstCase() throws Exception {
        Path logs = directory.resolve("logs");
        Path out = directory.resolve("out");
        GoldenLogSet.write(logs, TUPLES, "node-a", LongUnaryOperator.identity(),
                ViolationsITCase::transferNs);
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(List.of(logs), null, out),
                new PrintStream(console, true)).run();

        HopRow transfer = GoldenNumbersITCase.row(summary, "spout -> sink", "LOCAL");
        double[] latencies = new double[TUPLES];
        for (int i = 0; i < TUPLES; i++) {
            latencies[i] = transferNs(i);
        }
        GoldenNumbersITCase.assertStats(transfer.latencyNs(), latencies);
        assertEquals(TUPLES / 10, transfer.violatingSamples());
        assertEquals(0, transfer.negativeSamples());
        // Tuple 493 (id 1493) is the furthest below zero: -543 ns, with a bound of 0.
        TupleDuration worst = new TupleDuration(1493, -543, 0);
        assertEquals(worst, transfer.worstViolation());
        assertEquals(List.of(new Violation("spout -> sink", "LOCAL", TUPLES / 10, worst)),
                summary.violations());
        assertEquals(0, GoldenNumbersITCase.row(summary, "spout => sink", "LOCAL")
                .violatingSamples());

        assertTrue(console.toString().contains("VIOLATION: spout -> sink (local), 50 durations"
                + " below zero by more than the bound, worst -543 ns ± 0 ns (tuple 1493)"),
                console.toString());
        assertTrue(Files.readString(out.resolve("hops.csv"))
                .contains("spout -> sink,TRANSFER,spout,sink,LOCAL,500,500,0,0,50,-543.000,"));
        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("spout -&gt; sink (local): 50, worst -543 ns ± 0 ns"
                + " (tuple 1493)"), report);
    }

    @Test
    void aRunWhoseLastPillPrecedesItsFirstTupleIsAViolationToo() throws Exception {
        Path logs = directory.resolve("logs");
        // Every tuple reaches the sink over 5 ms before it left: the last pill comes before the
        // first tuple entered the spout.
        GoldenLogSet.write(logs, TUPLES, "node-a", LongUnaryOperator.identity(),
                tuple -> -5_000_000 - 2 * tuple);

        AnalysisSummary summary = GoldenNumbersITCase.analyze(AnalyzerOptions.of(List.of(logs),
                null, directory.resolve("out")));

        int last = TUPLES - 1;
        long pill = GoldenLogSet.spoutOut(last) - 5_000_000 - 2 * last + 1_000;
        Violation run = new Violation("run", null, 1,
                new TupleDuration(-1, pill - GoldenLogSet.spoutIn(0), 0));
        assertEquals(List.of(new Violation("spout -> sink", "LOCAL", TUPLES,
                new TupleDuration(1000 + last, -5_000_000 - 2 * last, 0)),
                new Violation("spout => sink", "LOCAL", TUPLES,
                        new TupleDuration(1000 + last, 100 - 5_000_000 - last, 0)), run),
                summary.violations());
        assertNull(summary.run().throughputTuplesPerSecond());
    }

    @Test
    void negativeLatenciesWithinTheirBoundAcrossNodesAreCountedApart() throws Exception {
        Path logs = directory.resolve("logs");
        Path sync = directory.resolve("sync.json");
        // The bounds here are over 1 µs: a transfer of -300 ns is within them.
        GoldenLogSet.write(logs, TUPLES, "node-b", GoldenNumbersITCase.NODE_B,
                tuple -> tuple % 10 == 3 ? -300 : 500 + tuple);
        Files.writeString(sync, GoldenNumbersITCase.syncJson());

        ByteArrayOutputStream console = new ByteArrayOutputStream();

        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(List.of(logs), sync,
                directory.resolve("out")).withReference("node-a"),
                new PrintStream(console, true)).run();

        HopRow transfer = GoldenNumbersITCase.row(summary, "spout -> sink", "REMOTE");
        GoldenNumbersITCase.MinRttFormulas formulas = new GoldenNumbersITCase.MinRttFormulas();
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 3; i < TUPLES; i += 10) {
            long sinkTicks = GoldenNumbersITCase.NODE_B.applyAsLong(
                    GoldenLogSet.spoutOut(i) - 300);
            lowest = Math.min(lowest, formulas.translate(sinkTicks) - GoldenLogSet.spoutOut(i));
        }
        assertEquals(TUPLES / 10, transfer.negativeSamples());
        assertEquals(lowest, transfer.mostNegative().latencyNs(), 1e-6);
        assertTrue(transfer.mostNegative().upperLimitNs() >= 0);
        assertEquals(lowest, transfer.latencyNs().min(), 1e-6);
        assertEquals(0, transfer.violatingSamples());
        assertNull(transfer.worstViolation());
        assertEquals(List.of(), summary.violations());
        assertTrue(console.toString().contains("Below zero within the bound: spout -> sink"
                + " (remote), 50 samples, lowest -301 ns ± "), console.toString());
        assertFalse(console.toString().contains("VIOLATION"), console.toString());
    }
}
