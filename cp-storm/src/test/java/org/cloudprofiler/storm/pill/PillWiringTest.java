package org.cloudprofiler.storm.pill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.NullStruct;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.tuple.Fields;
import org.cloudprofiler.storm.ProfiledTopologyBuilder;
import org.cloudprofiler.storm.testing.ForwardBolt;
import org.cloudprofiler.storm.testing.NumberSpout;
import org.cloudprofiler.storm.testing.SinkBolt;
import org.junit.jupiter.api.Test;

/** Pill subscriptions mirror the user's edges; cycles are refused; trackers count upstream. */
class PillWiringTest {

    @Test
    void everyEdgeGetsOneAllGroupedPillSubscription() {
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout("numbers", new NumberSpout(1), 2);
        builder.setBolt("forward", new ForwardBolt(), 3).fieldsGrouping("numbers",
                new Fields("word"));
        builder.setBolt("sink", new SinkBolt(), 2).shuffleGrouping("forward")
                .directGrouping("forward", ForwardBolt.LENGTHS)
                .localOrShuffleGrouping("numbers", NumberSpout.NO_ID_STREAM);
        StormTopology topology = builder.createTopology();

        assertEquals(Map.of("numbers", Grouping.all(new NullStruct())),
                pillInputs(topology.get_bolts().get("forward")));
        assertEquals(Set.of("forward", "numbers"),
                pillInputs(topology.get_bolts().get("sink")).keySet());
        // The user's own subscriptions are untouched.
        assertEquals(1 + 1, topology.get_bolts().get("forward").get_common().get_inputs_size());
        assertEquals(3 + 2, topology.get_bolts().get("sink").get_common().get_inputs_size());
        for (String component : Set.of("numbers", "forward", "sink")) {
            var common = topology.get_spouts().containsKey(component)
                    ? topology.get_spouts().get(component).get_common()
                    : topology.get_bolts().get(component).get_common();
            assertTrue(common.get_streams().containsKey(PillStream.ID), component);
        }
    }

    @Test
    void aCycleIsRefusedWithTheComponentsOnIt() {
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout("numbers", new NumberSpout(1));
        builder.setBolt("a", new ForwardBolt()).shuffleGrouping("numbers").shuffleGrouping("b");
        builder.setBolt("b", new ForwardBolt()).shuffleGrouping("a");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                builder::createTopology);
        assertTrue(e.getMessage().contains("cycle a <- b <- a")
                || e.getMessage().contains("cycle b <- a <- b"), e.getMessage());
    }

    @Test
    void theTrackerCompletesOnceWhenEveryUpstreamTaskHasSentItsPill() {
        PillTracker tracker = new PillTracker(Set.of(4, 5, 6));
        assertEquals(3, tracker.expectedPills());
        assertEquals(PillTracker.Arrival.WAITING, tracker.receive(5));
        assertEquals(PillTracker.Arrival.DUPLICATE, tracker.receive(5));
        assertEquals(PillTracker.Arrival.DUPLICATE, tracker.receive(9));
        assertEquals(PillTracker.Arrival.WAITING, tracker.receive(4));
        assertEquals(PillTracker.Arrival.COMPLETE, tracker.receive(6));
        assertEquals(PillTracker.Arrival.DUPLICATE, tracker.receive(6));
    }

    private static Map<String, Grouping> pillInputs(Bolt bolt) {
        Map<String, Grouping> inputs = new HashMap<>();
        for (Map.Entry<GlobalStreamId, Grouping> input
                : bolt.get_common().get_inputs().entrySet()) {
            if (input.getKey().get_streamId().equals(PillStream.ID)) {
                inputs.put(input.getKey().get_componentId(), input.getValue());
            }
        }
        return inputs;
    }
}
