package org.cloudprofiler.analyzer.join;

import java.util.List;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.Topology;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.topology.ComponentRole;

/**
 * Test-only plan of the smallest topology with every hop kind: spout (task 1) -> sink (task 2),
 * all on node a, whose clock runs at 1 GHz; a complete tuple has three records.
 */
final class SpoutToSinkPlan {

    static final int SPOUT_IN = 0;
    static final int SPOUT_OUT = 1;
    static final int SINK_IN = 2;
    static final long TSC_HZ = 1_000_000_000L;
    static final HopPlan PLAN = HopPlan.of(List.of(channel(SPOUT_IN, "spout/1/in"),
            channel(SPOUT_OUT, "spout/1/out"), channel(SINK_IN, "sink/2/in")),
            new Topology("run", List.of(
                    new Topology.Component("spout", ComponentRole.SOURCE, "spout", List.of(1)),
                    new Topology.Component("sink", ComponentRole.SINK, "sink", List.of(2))),
                    List.of(new Topology.Edge("spout", "sink", "shuffle", false))));

    private SpoutToSinkPlan() {}

    private static ChannelInfo channel(int index, String name) {
        String[] parts = name.split("/");
        return new ChannelInfo(index, "/logs/" + name, 1, "a", name, parts[0],
                Integer.parseInt(parts[1]), parts[2], HandlerType.BUFFERED_ID, TSC_HZ, 0, 0,
                -1, false);
    }

    /** The index of the hop named {@code name}. */
    static int hop(String name) {
        return PLAN.hops().stream().filter(hop -> hop.name().equals(name)).findFirst()
                .orElseThrow().index();
    }
}
