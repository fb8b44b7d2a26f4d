package org.cloudprofiler.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import org.cloudprofiler.analyzer.join.Hop;
import org.cloudprofiler.analyzer.join.HopKind;
import org.junit.jupiter.api.Test;

/** The hops on the way of each end-to-end hop, found from the transfers between components. */
class TailPathsTest {

    /**
     * spout feeds a and b, which both feed sink, and c, a sink of its own; the compute hops of
     * the sinks are left out, as a plan leaves them out.
     */
    private static final List<Hop> DIAMOND = List.of(
            new Hop(0, HopKind.COMPUTE, "spout", "spout", "spout"),
            new Hop(1, HopKind.TRANSFER, "spout -> a", "spout", "a"),
            new Hop(2, HopKind.TRANSFER, "spout -> b", "spout", "b"),
            new Hop(3, HopKind.TRANSFER, "spout -> c", "spout", "c"),
            new Hop(4, HopKind.COMPUTE, "a", "a", "a"),
            new Hop(5, HopKind.COMPUTE, "b", "b", "b"),
            new Hop(6, HopKind.TRANSFER, "a -> sink", "a", "sink"),
            new Hop(7, HopKind.TRANSFER, "b -> sink", "b", "sink"),
            new Hop(8, HopKind.END_TO_END, "spout => c", "spout", "c"),
            new Hop(9, HopKind.END_TO_END, "spout => sink", "spout", "sink"));

    @Test
    void eachEndToEndHopHasTheHopsOfEveryWayBetweenItsEndsInPlanOrder() {
        TailPaths paths = TailPaths.of(DIAMOND);

        assertArrayEquals(new int[] {8, 9}, paths.endToEndHops());
        assertArrayEquals(new int[] {0, 3}, paths.pathHops()[0]);
        assertArrayEquals(new int[] {0, 1, 2, 4, 5, 6, 7}, paths.pathHops()[1]);
    }

    @Test
    void aChainedHandOffIsOnTheWayAsATransferIs() {
        List<Hop> hops = List.of(new Hop(0, HopKind.COMPUTE, "source", "source", "source"),
                new Hop(1, HopKind.CHAINED, "source -> map (chained)", "source", "map"),
                new Hop(2, HopKind.COMPUTE, "map", "map", "map"),
                new Hop(3, HopKind.TRANSFER, "map -> sink", "map", "sink"),
                new Hop(4, HopKind.END_TO_END, "source => sink", "source", "sink"));

        assertArrayEquals(new int[] {0, 1, 2, 3}, TailPaths.of(hops).pathHops()[0]);
    }

    @Test
    void withoutAnEndToEndHopThereAreNoPaths() {
        TailPaths paths = TailPaths.of(DIAMOND.subList(0, 8));

        assertArrayEquals(new int[0], paths.endToEndHops());
        assertArrayEquals(new int[0][], paths.pathHops());
    }
}
