package org.cloudprofiler.analyzer.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.clock.NodeClock;
import org.cloudprofiler.analyzer.clock.SingleClockTranslator;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.RunStart;
import org.cloudprofiler.analyzer.stats.HopCell;
import org.cloudprofiler.analyzer.stats.HopStatistics;
import org.cloudprofiler.log.HandlerType;
import org.junit.jupiter.api.Test;

/** Which samples --from and --to take, and the time each sample is given. */
class HopSamplerTimeTest {

    private static final long SECOND_NS = 1_000_000_000L;
    /** A clock of 1 GHz: ticks are ns. */
    private static final SingleClockTranslator CLOCK = new SingleClockTranslator("a",
            Map.of("a", new NodeClock(SECOND_NS, 0, 0)));
    /** The run started at tick 7 s. */
    private static final RunStart RUN_START = new RunStart("a", 7 * SECOND_NS, "test");
    private static final HopPlan PLAN = HopPlan.of(List.of(
            channel(0, "bolt/1/in"), channel(1, "bolt/1/out")), null);

    private static ChannelInfo channel(int index, String name) {
        String[] parts = name.split("/");
        return new ChannelInfo(index, "/logs/" + name, 1, "a", name, parts[0], 1, parts[2],
                HandlerType.BUFFERED_ID, SECOND_NS, 0, 0, -1, false);
    }

    /** One tuple per second of the run, 0 to 59 s, whose compute hop takes 1,000 + s ns. */
    private static HopCell sampleAMinute(TimeSelection selection) {
        HopSampler sampler = new HopSampler(PLAN, CLOCK, RUN_START, selection);
        HopStatistics statistics = new HopStatistics(PLAN.hops().size(), selection.windowNs());
        for (int second = 0; second < 60; second++) {
            TupleEvents tuple = new TupleEvents();
            long inTsc = RUN_START.tsc() + second * SECOND_NS + SECOND_NS / 2;
            tuple.add(0, inTsc);
            tuple.add(1, inTsc + 1000 + second);
            sampler.sample(second, tuple, statistics);
        }
        return statistics.get(0, Locality.LOCAL);
    }

    @Test
    void fromAndToTakeTheSamplesWhoseHopStartedBetweenThem() {
        HopCell cell = sampleAMinute(new TimeSelection(5 * SECOND_NS, 10 * SECOND_NS,
                SECOND_NS));

        assertEquals(5, cell.bounded());
        assertEquals(1005, cell.latencyNs().min(), 0);
        assertEquals(1009, cell.latencyNs().max(), 0);
    }

    @Test
    void theWholeRunTakesEverySample() {
        assertEquals(60, sampleAMinute(TimeSelection.WHOLE_RUN).bounded());
    }

    @Test
    void eachSampleFallsInTheWindowOfItsHopsStartSinceTheRunsStart() {
        HopCell cell = sampleAMinute(new TimeSelection(0, Long.MAX_VALUE, 5 * SECOND_NS));

        assertEquals(5 * SECOND_NS, cell.overTime().windowNs());
        assertEquals(12, cell.overTime().windows().size());
        // Window 2 holds the hops that started at 10.5 to 14.5 s.
        assertEquals(1010, cell.overTime().windows().get(2L).latencyNs().min(), 0);
        assertEquals(1014, cell.overTime().windows().get(2L).latencyNs().max(), 0);
    }

    @Test
    void withoutARunStartSamplesHaveNoTimeButAreKept() {
        HopSampler sampler = new HopSampler(PLAN, CLOCK);
        HopStatistics statistics = new HopStatistics(PLAN.hops().size());
        TupleEvents tuple = new TupleEvents();
        tuple.add(0, 100);
        tuple.add(1, 300);

        sampler.sample(1, tuple, statistics);

        assertEquals(1, statistics.get(0, Locality.LOCAL).bounded());
        assertNull(statistics.get(0, Locality.LOCAL).overTime().windows().get(0L));
    }
}
