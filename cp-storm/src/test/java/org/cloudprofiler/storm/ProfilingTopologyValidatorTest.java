package org.cloudprofiler.storm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.InvalidTopologyException;
import org.apache.storm.generated.ShellComponent;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.utils.Utils;
import org.cloudprofiler.config.CpOptions;
import org.cloudprofiler.storm.pill.PillStream;
import org.cloudprofiler.storm.testing.ForwardBolt;
import org.cloudprofiler.storm.testing.SentenceSpout;
import org.cloudprofiler.storm.testing.SinkBolt;
import org.junit.jupiter.api.Test;

/** What {@link ProfilingTopologyValidator} does to a submitted topology, without a cluster. */
class ProfilingTopologyValidatorTest {

    private final ProfilingTopologyValidator validator = new ProfilingTopologyValidator();

    ProfilingTopologyValidatorTest() {
        validator.prepare(Map.of());
    }

    @Test
    void eachComponentIsWrappedAroundTheBytesTheClientSentAndDeclaresThePills() throws Exception {
        StormTopology topology = plain().createTopology();
        byte[] sink = topology.get_bolts().get("sink").get_bolt_object().get_serialized_java();
        validator.validate("plain", new HashMap<>(), topology);

        ProfiledBolt wrapped = Utils.javaDeserialize(
                topology.get_bolts().get("sink").get_bolt_object().get_serialized_java(),
                ProfiledBolt.class);
        assertArrayEquals(sink, Utils.javaSerialize(wrapped.delegate()));
        assertInstanceOf(ProfiledSpout.class, Utils.javaDeserialize(topology.get_spouts()
                .get("sentences").get_spout_object().get_serialized_java(), Object.class));
        assertTrue(topology.get_spouts().get("sentences").get_common().get_streams()
                .containsKey(PillStream.ID));
        assertTrue(topology.get_bolts().get("sink").get_common().get_inputs().keySet().stream()
                .anyMatch(input -> input.get_streamId().equals(PillStream.ID)
                        && input.get_componentId().equals("forward")));
    }

    @Test
    void aTopologyThatOptsOutOrIsProfiledAlreadyIsLeftAsItIs() throws Exception {
        StormTopology optedOut = plain().createTopology();
        StormTopology before = optedOut.deepCopy();
        Map<String, Object> conf = new HashMap<>(Map.of(CpOptions.ENABLED.key(), false));
        validator.validate("opted-out", conf, optedOut);
        assertEquals(before, optedOut);

        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout("sentences", new SentenceSpout(1));
        builder.setBolt("sink", new SinkBolt()).shuffleGrouping("sentences");
        StormTopology profiled = builder.createTopology();
        StormTopology profiledBefore = profiled.deepCopy();
        validator.validate("profiled", new HashMap<>(), profiled);
        assertEquals(profiledBefore, profiled);
    }

    @Test
    void aComponentThatIsNotAJavaObjectIsRefusedWithTheOptOut() {
        StormTopology topology = plain().createTopology();
        topology.get_bolts().get("sink").set_bolt_object(
                ComponentObject.shell(new ShellComponent("python3", "sink.py")));
        InvalidTopologyException refused = assertThrows(InvalidTopologyException.class,
                () -> validator.validate("shell", new HashMap<>(), topology));
        assertEquals("cloudprofiler: topology shell cannot be profiled: components [sink] are"
                + " not Java objects (shell or JavaObject components) and cannot be profiled."
                + " To run it unprofiled, set cloudprofiler.enabled: false in its configuration",
                refused.get_msg());
    }

    @Test
    void aBadCloudprofilerKeyIsRefusedAtSubmission() {
        Map<String, Object> conf = new HashMap<>(Map.of(CpOptions.HANDLERS.key(), "**=NOPE"));
        InvalidTopologyException refused = assertThrows(InvalidTopologyException.class,
                () -> validator.validate("bad", conf, plain().createTopology()));
        assertTrue(refused.get_msg().startsWith("cloudprofiler: topology bad cannot be"
                + " profiled: "), refused.get_msg());
        assertTrue(refused.get_msg().contains("NOPE"), refused.get_msg());
    }

    private static TopologyBuilder plain() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("sentences", new SentenceSpout(1));
        builder.setBolt("forward", new ForwardBolt()).shuffleGrouping("sentences");
        builder.setBolt("sink", new SinkBolt()).shuffleGrouping("forward");
        return builder;
    }
}
