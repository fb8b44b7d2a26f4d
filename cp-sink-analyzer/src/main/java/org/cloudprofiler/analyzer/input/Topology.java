package org.cloudprofiler.analyzer.input;

import java.io.Serializable;
import java.util.List;
import org.cloudprofiler.topology.ComponentRole;

/**
 * What the {@code topology.json} files of a log set say about the job (docs/storm.md): its
 * components and the edges between them. Immutable.
 *
 * @param runId the engine's id of the run ({@code stormId}), or null
 * @param components every component
 * @param edges the user's subscriptions
 */
public record Topology(String runId, List<Component> components, List<Edge> edges)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    public Topology {
        components = List.copyOf(components);
        edges = List.copyOf(edges);
    }

    /**
     * A component.
     *
     * @param id the component id
     * @param role where it stands in the flow of tuples
     * @param channelPrefix the first part of its channels' names
     * @param tasks its task ids
     */
    public record Component(String id, ComponentRole role, String channelPrefix,
            List<Integer> tasks)
            implements Serializable {

        private static final long serialVersionUID = 1L;

        public Component {
            tasks = List.copyOf(tasks);
        }
    }

    /**
     * A subscription of {@code to} to {@code from}.
     *
     * @param grouping the grouping name; {@code all} sends every tuple to every task
     */
    public record Edge(String from, String to, String grouping) implements Serializable {

        private static final long serialVersionUID = 1L;
    }
}
