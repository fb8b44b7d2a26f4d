package org.cloudprofiler.storm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.InvalidTopologyException;
import org.apache.storm.generated.SpoutSpec;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.StreamInfo;
import org.apache.storm.nimbus.DefaultTopologyValidator;
import org.apache.storm.nimbus.ITopologyValidator;
import org.apache.storm.utils.ReflectionUtils;
import org.apache.storm.utils.Utils;
import org.cloudprofiler.config.CpConfigException;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.storm.pill.PillStream;
import org.cloudprofiler.storm.pill.PillWiring;

/**
 * Profiles every topology a Nimbus accepts, as submitted ({@code storm jar}, unchanged): set
 * {@code nimbus.topology.validator: org.cloudprofiler.storm.ProfilingTopologyValidator} in
 * Nimbus's {@code storm.yaml}, with this module on Nimbus's and the workers' class paths
 * ({@code cloudprofiler-storm.jar} in {@code extlib-daemon/} and {@code extlib/}; docs/storm.md,
 * "Profiling by configuration"). Before Nimbus stores a topology, each spout and bolt is wrapped
 * as {@link ProfiledTopologyBuilder} wraps it and the pill stream is declared and subscribed
 * along every edge; the user's components stay the bytes the client sent, deserialized on the
 * workers, since Nimbus lacks their classes.
 *
 * <p>A topology opts out with {@code cloudprofiler.enabled: false} in its configuration; one
 * built with {@link ProfiledTopologyBuilder} is left as it is. One that cannot be profiled (a
 * component that is not a Java object, a cycle, a bad {@code cloudprofiler.*} key) is refused
 * with the reason and the opt-out, never run unprofiled in silence. The validator named by
 * {@value #DELEGATE_KEY} (Storm's {@link DefaultTopologyValidator} if none) checks every topology
 * first. Nimbus calls it from its submission threads; it holds no state beyond that validator.
 */
public final class ProfilingTopologyValidator implements ITopologyValidator {

    /** Nimbus's key naming the validator that runs before this one. */
    public static final String DELEGATE_KEY = "cloudprofiler.storm.topology.validator";

    private ITopologyValidator delegate;

    @Override
    public void prepare(Map<String, Object> nimbusConf) {
        Object name = nimbusConf.get(DELEGATE_KEY);
        delegate = ReflectionUtils.newInstance(
                name != null ? name.toString() : DefaultTopologyValidator.class.getName());
        delegate.prepare(nimbusConf);
    }

    @Override
    public void validate(String topologyName, Map<String, Object> topologyConf,
            StormTopology topology) throws InvalidTopologyException {
        delegate.validate(topologyName, topologyConf, topology);
        CpSettings settings;
        try {
            settings = CpSettings.from(topologyConf);
        } catch (CpConfigException e) {
            throw refusal(topologyName, e.getMessage());
        }
        if (!settings.enabled() || declaresPills(topology)) {
            return;
        }
        List<String> notJava = new ArrayList<>();
        topology.get_spouts().forEach((id, spout) -> {
            if (!spout.get_spout_object().is_set_serialized_java()) {
                notJava.add(id);
            }
        });
        topology.get_bolts().forEach((id, bolt) -> {
            if (!bolt.get_bolt_object().is_set_serialized_java()) {
                notJava.add(id);
            }
        });
        if (!notJava.isEmpty()) {
            throw refusal(topologyName, "components " + notJava + " are not Java objects"
                    + " (shell or JavaObject components) and cannot be profiled");
        }
        try {
            PillWiring.mirror(topology);
        } catch (IllegalArgumentException e) {
            throw refusal(topologyName, e.getMessage());
        }
        for (SpoutSpec spout : topology.get_spouts().values()) {
            ComponentObject object = spout.get_spout_object();
            object.set_serialized_java(Utils.javaSerialize(
                    ProfiledSpout.ofSerialized(object.get_serialized_java())));
            declarePills(spout.get_common());
        }
        for (Bolt bolt : topology.get_bolts().values()) {
            ComponentObject object = bolt.get_bolt_object();
            object.set_serialized_java(Utils.javaSerialize(
                    ProfiledBolt.ofSerialized(object.get_serialized_java())));
            declarePills(bolt.get_common());
        }
    }

    /** Whether the topology was profiled on the client ({@link ProfiledTopologyBuilder}). */
    private static boolean declaresPills(StormTopology topology) {
        return topology.get_spouts().values().stream()
                .anyMatch(spout -> spout.get_common().get_streams().containsKey(PillStream.ID));
    }

    private static void declarePills(ComponentCommon common) {
        common.put_to_streams(PillStream.ID, new StreamInfo(List.of(PillStream.FIELD), false));
    }

    private static InvalidTopologyException refusal(String topologyName, String reason) {
        return new InvalidTopologyException("cloudprofiler: topology " + topologyName
                + " cannot be profiled: " + reason + ". To run it unprofiled, set "
                + "cloudprofiler.enabled: false in its configuration");
    }
}
