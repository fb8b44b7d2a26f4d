package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.join.Hop;
import org.cloudprofiler.analyzer.join.HopKind;
import org.cloudprofiler.analyzer.stats.TailBreakdown;
import org.cloudprofiler.analyzer.stats.TailPaths;
import org.cloudprofiler.analyzer.stats.TupleLatencies;
import org.junit.jupiter.api.Test;

/** Which hop of the tail was the largest most often, and what is said when two tie. */
class TailSummaryTest {

    private static final List<Hop> HOPS = List.of(
            new Hop(0, HopKind.COMPUTE, "spout", "spout", "spout"),
            new Hop(1, HopKind.TRANSFER, "spout -> sink", "spout", "sink"),
            new Hop(2, HopKind.END_TO_END, "spout => sink", "spout", "sink"));

    @Test
    void theHopLargestForMostTailTuplesIsTheDominantOne() {
        AnalysisSummary.Tail tail = tail(new double[][] {{300, 100}, {300, 100}, {100, 300}});

        assertEquals("spout", tail.dominant());
        assertEquals("spout", TailSection.dominant(tail));
    }

    @Test
    void twoHopsLargestEquallyOftenTieAndNeitherIsTheDominantOne() {
        // Four tuples of 400 ns end to end, all in the tail: the spout's code is the larger
        // part of two, the transfer of the other two.
        AnalysisSummary.Tail tail = tail(new double[][] {{300, 100}, {100, 300}, {300, 100},
                {100, 300}});
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        TailSection.print(List.of(tail), new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertNull(tail.dominant());
        assertEquals(List.of(2L, 2L), tail.hops().stream()
                .map(AnalysisSummary.TailHop::dominantTuples).toList());
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("; largest hop most often:"
                + " none: spout and spout -> sink tie, largest in 2 tuples each\n"), printed
                        .toString(StandardCharsets.UTF_8));
    }

    /** The tail of tuples each {@code {spout ns, transfer ns}}, on one node (bound 0). */
    private static AnalysisSummary.Tail tail(double[][] tuples) {
        TailBreakdown breakdown = new TailBreakdown(TailPaths.of(HOPS));
        for (double[] tuple : tuples) {
            TupleLatencies latencies = new TupleLatencies(HOPS.size());
            latencies.record(0, exact(tuple[0]));
            latencies.record(1, exact(tuple[1]));
            latencies.record(2, exact(tuple[0] + tuple[1]));
            breakdown.add(latencies);
        }
        return TailSummary.of(HOPS, breakdown).get(0);
    }

    private static BoundedDuration exact(double ns) {
        return new BoundedDuration(ns, 0, "SAME_NODE_REFERENCE");
    }
}
