package org.cloudprofiler.analyzer.input;

import java.io.Serializable;
import java.util.List;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.tupleid.RootSampling;

/**
 * What the {@code topology.json} files of a log set say about the job
 * (docs/topology-format.md): its components and the edges between them. Immutable.
 *
 * @param runId the engine's id of the run ({@code stormId} or {@code runId}), or null
 * @param sampleOneIn the run's sampling, one root in this many kept ({@code topology.json}'s
 *     {@code sample}; 1: every record)
 * @param components every component
 * @param edges the user's subscriptions
 */
public record Topology(String runId, long sampleOneIn, List<Component> components,
        List<Edge> edges) implements Serializable {

    private static final long serialVersionUID = 2L;

    public Topology {
        components = List.copyOf(components);
        edges = List.copyOf(edges);
    }

    /** A run that logged every record. */
    public Topology(String runId, List<Component> components, List<Edge> edges) {
        this(runId, 1, components, edges);
    }

    /** Which roots the run logged. */
    public RootSampling sampling() {
        return RootSampling.oneIn(sampleOneIn);
    }

    /**
     * A component.
     *
     * @param id the component id
     * @param role where it stands in the flow of tuples
     * @param channelPrefix the first part of its channels' names
     * @param tasks its task ids, unique within the component only (Flink's subtask indexes)
     * @param mintOrigin task {@code t} mints tuple ids with origin {@code mintOrigin + t}
     */
    public record Component(String id, ComponentRole role, String channelPrefix,
            List<Integer> tasks, int mintOrigin)
            implements Serializable {

        private static final long serialVersionUID = 1L;

        public Component {
            tasks = List.copyOf(tasks);
        }

        /** A component whose tasks mint with their task ids as origins (Storm's). */
        public Component(String id, ComponentRole role, String channelPrefix,
                List<Integer> tasks) {
            this(id, role, channelPrefix, tasks, 0);
        }
    }

    /**
     * A subscription of {@code to} to {@code from}.
     *
     * @param grouping the grouping name; {@code all} and {@code broadcast} send every tuple to
     *     every task
     * @param chained whether the two run in one thread, the hand-off a method call (Flink)
     */
    public record Edge(String from, String to, String grouping, boolean chained)
            implements Serializable {

        private static final long serialVersionUID = 1L;

        /** Whether every task of {@code to} gets every tuple. */
        public boolean toEveryTask() {
            return TopologyDescription.Edge.toEveryTask(grouping);
        }
    }
}
