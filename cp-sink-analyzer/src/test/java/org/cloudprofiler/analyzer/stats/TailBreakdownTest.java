package org.cloudprofiler.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.join.Hop;
import org.cloudprofiler.analyzer.join.HopKind;
import org.junit.jupiter.api.Test;

/** The tail of tuples spread over subtasks is the tail of them all once merged. */
class TailBreakdownTest {

    private static final List<Hop> HOPS = List.of(
            new Hop(0, HopKind.COMPUTE, "spout", "spout", "spout"),
            new Hop(1, HopKind.TRANSFER, "spout -> sink", "spout", "sink"),
            new Hop(2, HopKind.TRANSFER, "generator -> spout", "generator", "spout"),
            new Hop(3, HopKind.END_TO_END, "spout => sink", "spout", "sink"));

    @Test
    void theWayOfAnEndToEndHopLeavesOutWhatLiesBeforeItsSource() {
        TailPaths paths = TailPaths.of(HOPS);

        assertArrayEquals(new int[] {3}, paths.endToEndHops());
        assertArrayEquals(new int[] {0, 1}, paths.pathHops()[0]);
    }

    @Test
    void theSlowestTuplesOfTwoSubtasksMergeIntoOneTail() {
        TailPaths paths = TailPaths.of(HOPS);
        TailBreakdown first = new TailBreakdown(paths);
        TailBreakdown second = new TailBreakdown(paths);
        // 300 tuples, transfer i µs but 10, 20 and 40 ms for the last 3 (the slowest 1%,
        // further apart than a bucket's 1%), two of them in the first subtask.
        for (int i = 1; i <= 300; i++) {
            double transferNs = i <= 297 ? i * 1_000.0 : 10e6 * (1 << (i - 298));
            (i % 3 == 0 ? second : first).add(tuple(100, transferNs));
        }

        first.merge(second);
        TailBreakdown.Tail tail = first.tail(0);

        assertEquals(300, tail.ofTuples());
        assertEquals(3, tail.sums().tuples());
        assertEquals(100 + 10e6, tail.sums().minLatencyNs(), 0);
        assertEquals(3, tail.sums().hopDominant(1));
        assertEquals(0, tail.sums().hopDominant(0));
    }

    @Test
    void aTupleWhoseLargestHopsTieCountsForNeitherAsLargest() {
        TailBreakdown breakdown = new TailBreakdown(TailPaths.of(HOPS));

        breakdown.add(tuple(300, 300));
        TailBreakdown.Sums tail = breakdown.tail(0).sums();

        assertEquals(1, tail.tuples());
        assertEquals(0, tail.hopDominant(0));
        assertEquals(0, tail.hopDominant(1));
        assertEquals(0.5, tail.hopShareSum(1), 0);
    }

    private static TupleLatencies tuple(double spoutNs, double transferNs) {
        TupleLatencies tuple = new TupleLatencies(HOPS.size());
        tuple.record(0, new BoundedDuration(spoutNs, 0, "SAME_NODE_REFERENCE"));
        tuple.record(1, new BoundedDuration(transferNs, 0, "SAME_NODE_REFERENCE"));
        tuple.record(3, new BoundedDuration(spoutNs + transferNs, 0, "SAME_NODE_REFERENCE"));
        return tuple;
    }
}
