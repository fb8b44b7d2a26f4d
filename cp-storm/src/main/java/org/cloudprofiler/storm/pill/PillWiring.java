package org.cloudprofiler.storm.pill;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.NullStruct;
import org.apache.storm.generated.StormTopology;

/**
 * Mirrors the user's edges on the pill stream: wherever a bolt subscribes to a component (on any
 * stream, with any grouping), it also subscribes to that component's pill stream with all
 * grouping, so every task of the bolt gets one pill from every task upstream. Stateless.
 */
public final class PillWiring {

    private PillWiring() {}

    /**
     * Adds the pill subscriptions to {@code topology} in place.
     *
     * @throws IllegalArgumentException if the user's edges form a cycle: a task on it would
     *     wait for its own pill
     */
    public static void mirror(StormTopology topology) {
        Set<String> components = new LinkedHashSet<>(topology.get_spouts().keySet());
        components.addAll(topology.get_bolts().keySet());
        Map<String, Set<String>> upstream = upstreamComponents(topology, components);
        rejectCycles(upstream);
        upstream.forEach((bolt, sources) -> {
            Bolt spec = topology.get_bolts().get(bolt);
            for (String source : sources) {
                spec.get_common().put_to_inputs(new GlobalStreamId(source, PillStream.ID),
                        Grouping.all(new NullStruct()));
            }
        });
    }

    /** Per bolt, the user components it subscribes to, in subscription order. */
    private static Map<String, Set<String>> upstreamComponents(StormTopology topology,
            Set<String> components) {
        Map<String, Set<String>> upstream = new HashMap<>();
        topology.get_bolts().forEach((bolt, spec) -> {
            Set<String> sources = new LinkedHashSet<>();
            for (GlobalStreamId input : spec.get_common().get_inputs().keySet()) {
                if (!PillStream.ID.equals(input.get_streamId())
                        && components.contains(input.get_componentId())) {
                    sources.add(input.get_componentId());
                }
            }
            upstream.put(bolt, sources);
        });
        return upstream;
    }

    private static void rejectCycles(Map<String, Set<String>> upstream) {
        Set<String> done = new LinkedHashSet<>();
        for (String component : upstream.keySet()) {
            visit(component, upstream, new ArrayList<>(), done);
        }
    }

    private static void visit(String component, Map<String, Set<String>> upstream,
            List<String> path, Set<String> done) {
        if (done.contains(component)) {
            return;
        }
        int seen = path.indexOf(component);
        if (seen >= 0) {
            List<String> cycle = new ArrayList<>(path.subList(seen, path.size()));
            cycle.add(component);
            throw new IllegalArgumentException("the topology has a cycle "
                    + String.join(" <- ", cycle) + "; poison pills need an acyclic topology "
                    + "(a task on a cycle would wait for its own pill): profile the acyclic part "
                    + "or break the cycle");
        }
        path.add(component);
        for (String source : upstream.getOrDefault(component, Set.of())) {
            visit(source, upstream, path, done);
        }
        path.remove(path.size() - 1);
        done.add(component);
    }
}
