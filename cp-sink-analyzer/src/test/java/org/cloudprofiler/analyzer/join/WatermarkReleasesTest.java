package org.cloudprofiler.analyzer.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.input.Topology;
import org.cloudprofiler.analyzer.input.WatermarkLogs;
import org.cloudprofiler.analyzer.input.WatermarkLogs.Series;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.topology.ComponentRole;
import org.junit.jupiter.api.Test;

/**
 * Where a window's firing watermark was released: the latest first emission of at least it by
 * each generating task upstream, paired along forward edges by index and along others with
 * every task, walking past a generator that only passed on a watermark from further up.
 */
class WatermarkReleasesTest {
    private static final List<String> COMPONENTS =
            List.of("source", "assigner", "window", "sink");

    /** source -forward-> assigner (2 tasks) -{edge}-> window (2 tasks) -> sink. */
    private static Topology job(String assignerToWindow) {
        return new Topology("run", List.of(
                new Topology.Component("source", ComponentRole.SOURCE, "source", List.of(0, 1)),
                new Topology.Component("assigner", ComponentRole.INNER, "assigner",
                        List.of(0, 1)),
                new Topology.Component("window", ComponentRole.INNER, "window", List.of(0, 1)),
                new Topology.Component("sink", ComponentRole.SINK, "sink", List.of(0))),
                List.of(new Topology.Edge("source", "assigner", "forward", true),
                        new Topology.Edge("assigner", "window", assignerToWindow, false),
                        new Topology.Edge("window", "sink", "forward", false)));
    }

    private static WatermarkReleases releases(String assignerToWindow, Series... series) {
        Map<String, Integer> byPrefix = new LinkedHashMap<>();
        COMPONENTS.forEach(name -> byPrefix.put(name, byPrefix.size()));
        return new WatermarkReleases(COMPONENTS, byPrefix, job(assignerToWindow),
                new WatermarkLogs(List.of(series), List.of()));
    }

    private static Series generated(String component, int task, long[] watermarks,
            long[] tscs) {
        return new Series(component, task, "node-" + task, true, watermarks, tscs);
    }

    /** The two assigner tasks: task 0 reaches 500 at tick 1,200, task 1 at tick 1,900. */
    private static final Series ASSIGNER_0 = generated("assigner", 0,
            new long[] {100, 300, 500, 700}, new long[] {1_000, 1_100, 1_200, 1_300});
    private static final Series ASSIGNER_1 = generated("assigner", 1,
            new long[] {200, 400, 600}, new long[] {1_500, 1_700, 1_900});

    @Test
    void overAKeyedEdgeEveryUpstreamTaskReleasesTheWatermark() {
        WatermarkReleases releases = releases("hash", ASSIGNER_0, ASSIGNER_1);
        List<WatermarkReleases.Release> found = new ArrayList<>();

        assertTrue(releases.releases(2, 1, 500, found));
        assertEquals(List.of(new WatermarkReleases.Release("node-0", 1_200),
                new WatermarkReleases.Release("node-1", 1_900)), found);
        assertEquals(List.of(1), releases.generatorsOf(2), "the assigner releases them");
    }

    @Test
    void overAForwardEdgeOnlyTheTaskOfTheSameIndexDoes() {
        WatermarkReleases releases = releases("forward", ASSIGNER_0, ASSIGNER_1);
        List<WatermarkReleases.Release> found = new ArrayList<>();

        assertTrue(releases.releases(2, 0, 500, found));
        assertEquals(List.of(new WatermarkReleases.Release("node-0", 1_200)), found);
    }

    @Test
    void aWatermarkAGeneratorNeverReachedWasPassedOnFromFurtherUp() {
        Series sourceEnd0 = generated("source", 0, new long[] {Long.MAX_VALUE},
                new long[] {5_000});
        Series sourceEnd1 = generated("source", 1, new long[] {Long.MAX_VALUE},
                new long[] {5_100});
        WatermarkReleases releases = releases("hash", ASSIGNER_0, ASSIGNER_1, sourceEnd0,
                sourceEnd1);
        List<WatermarkReleases.Release> found = new ArrayList<>();

        assertTrue(releases.releases(2, 0, Long.MAX_VALUE, found));
        assertEquals(List.of(new WatermarkReleases.Release("node-0", 5_000),
                new WatermarkReleases.Release("node-1", 5_100)), found);
    }

    @Test
    void aWayUpWithoutAGeneratedWatermarkOrThroughARescaleEdgeReleasesNothingKnown() {
        List<WatermarkReleases.Release> found = new ArrayList<>();
        assertFalse(releases("hash", ASSIGNER_0).releases(2, 0, 500, found),
                "assigner task 1 logged none and the source above it neither");
        assertFalse(releases("rescale", ASSIGNER_0, ASSIGNER_1).releases(2, 0, 500,
                new ArrayList<>()));
    }

    @Test
    void aGeneratorIdleSinceItsLastWatermarkBelowReleasesNothingKnown() {
        Series idleThenActive = generated("assigner", 1,
                new long[] {200, ProbePoint.IDLE_WATERMARK, 600},
                new long[] {1_500, 1_600, 1_900});
        assertFalse(releases("hash", ASSIGNER_0, idleThenActive).releases(2, 0, 500,
                new ArrayList<>()), "the window stopped waiting for task 1 at an unknown time");

        Series idleThenBackBelow = generated("assigner", 1,
                new long[] {200, ProbePoint.IDLE_WATERMARK, 400, 600},
                new long[] {1_500, 1_600, 1_700, 1_900});
        List<WatermarkReleases.Release> found = new ArrayList<>();
        assertTrue(releases("hash", ASSIGNER_0, idleThenBackBelow).releases(2, 0, 500, found));
        assertEquals(List.of(new WatermarkReleases.Release("node-0", 1_200),
                new WatermarkReleases.Release("node-1", 1_900)), found);
    }

    @Test
    void theFiringWatermarkIsFoundByTheOutputsInTscOnItsNode() {
        Series fired = new Series("window", 1, "node-1", false, new long[] {500, 1_000},
                new long[] {2_000, 3_000});
        WatermarkReleases releases = releases("hash", ASSIGNER_0, ASSIGNER_1, fired);

        assertTrue(releases.fires(2));
        assertFalse(releases.fires(1));
        assertEquals(1_000, releases.firingWatermark(2, 1, "node-1", 3_000));
        assertEquals(WatermarkReleases.NONE, releases.firingWatermark(2, 1, "node-1", 2_500));
        assertEquals(WatermarkReleases.NONE, releases.firingWatermark(2, 1, "node-0", 3_000));
        assertEquals(WatermarkReleases.NONE, releases.firingWatermark(2, 0, "node-1", 3_000));
    }
}
