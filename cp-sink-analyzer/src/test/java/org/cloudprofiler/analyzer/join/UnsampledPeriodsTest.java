package org.cloudprofiler.analyzer.join;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.Topology;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.topology.ComponentRole;
import org.junit.jupiter.api.Test;

/**
 * Which timed-out tuples a period without samples explains: spout (task 1) -> sink (task 2) on
 * one node at 1 GHz, whose sink {@code in} was {@code BUFFERED_ID}, then {@code NULL} from tick
 * 1,000 in a file whose process died (no trailer), then {@code BUFFERED_ID} from tick 2,000.
 */
class UnsampledPeriodsTest {

    private static final long TIMEOUT_NS = 100;
    private static final HopPlan PLAN = HopPlan.of(List.of(
            channel(0, "spout/1/in", HandlerType.BUFFERED_ID, 0),
            channel(1, "spout/1/out", HandlerType.BUFFERED_ID, 0),
            channel(2, "sink/2/in", HandlerType.BUFFERED_ID, 0),
            channel(3, "sink/2/in", HandlerType.NULL, 1_000),
            channel(4, "sink/2/in", HandlerType.BUFFERED_ID, 2_000)),
            new Topology("run", List.of(
                    new Topology.Component("spout", ComponentRole.SOURCE, "spout", List.of(1)),
                    new Topology.Component("sink", ComponentRole.SINK, "sink", List.of(2))),
                    List.of(new Topology.Edge("spout", "sink", "shuffle", false))));

    @Test
    void aTupleInFlightDuringTheNullPeriodIsUnsampled() {
        assertTrue(PLAN.unsampled(leftTheSpoutAt(1_500), HopPlan.SOURCE_RECORD, TIMEOUT_NS));
        // It could have reached the sink up to a time-out after its last record.
        assertTrue(PLAN.unsampled(leftTheSpoutAt(950), HopPlan.SOURCE_RECORD, TIMEOUT_NS));
    }

    @Test
    void aPeriodWithoutTrailerEndsWhenTheChannelsNextFileOpens() {
        assertFalse(PLAN.unsampled(leftTheSpoutAt(2_500), HopPlan.SOURCE_RECORD, TIMEOUT_NS));
        assertFalse(PLAN.unsampled(leftTheSpoutAt(500), HopPlan.SOURCE_RECORD, TIMEOUT_NS));
    }

    private static TupleEvents leftTheSpoutAt(long tsc) {
        TupleEvents tuple = new TupleEvents();
        tuple.add(0, tsc - 10);
        tuple.add(1, tsc);
        return tuple;
    }

    private static ChannelInfo channel(int index, String name, HandlerType handler,
            long openTsc) {
        String[] parts = name.split("/");
        return new ChannelInfo(index, "/logs/" + name + "." + index, 1, "a", name, parts[0],
                Integer.parseInt(parts[1]), parts[2], handler, 1_000_000_000L, openTsc, openTsc,
                ChannelInfo.NOT_KNOWN, false);
    }
}
