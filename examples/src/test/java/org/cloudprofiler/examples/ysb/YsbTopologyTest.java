package org.cloudprofiler.examples.ysb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.storm.jof.JofSpout;
import org.cloudprofiler.storm.jof.JofSpoutConfig;
import org.cloudprofiler.storm.pill.PillStream;
import org.junit.jupiter.api.Test;

class YsbTopologyTest {
    private static final Map<String, String> CAMPAIGNS = Map.of("ad", "campaign");

    @Test
    void theBaselineHasTheProfiledTopologysComponentsAndEdgesWithoutPills() {
        JofSpout spout = new JofSpout(JofSpoutConfig.builder("127.0.0.1", 27000).build());
        StormTopology profiled = YsbTopology.profiled(spout, 2, 3, CAMPAIGNS);
        StormTopology baseline = YsbTopology.uninstrumented(spout, 2, 3, CAMPAIGNS);

        assertEquals(userEdges(profiled), userEdges(baseline));
        assertEquals(new TreeSet<>(YsbStages.ALL.subList(1, 7)),
                new TreeSet<>(baseline.get_bolts().keySet()));
        assertEquals(3, baseline.get_bolts().get(YsbStages.JOIN).get_common()
                .get_parallelism_hint());
        assertEquals(0, pillEdges(baseline));
        assertEquals(6, pillEdges(profiled));
    }

    /** Each bolt's inputs on user streams, as "component/stream grouping". */
    private static Map<String, String> userEdges(StormTopology topology) {
        Map<String, String> edges = new TreeMap<>();
        topology.get_bolts().forEach((bolt, definition) -> definition.get_common().get_inputs()
                .forEach((GlobalStreamId input, Grouping grouping) -> {
                    if (!input.get_streamId().equals(PillStream.ID)) {
                        edges.put(bolt + " <- " + input.get_componentId() + "/"
                                + input.get_streamId(), grouping.getSetField().getFieldName());
                    }
                }));
        return edges;
    }

    private static long pillEdges(StormTopology topology) {
        return topology.get_bolts().values().stream()
                .flatMap(bolt -> bolt.get_common().get_inputs().keySet().stream())
                .filter(input -> input.get_streamId().equals(PillStream.ID)).count();
    }
}
