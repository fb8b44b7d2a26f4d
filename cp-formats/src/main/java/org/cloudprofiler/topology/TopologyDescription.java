package org.cloudprofiler.topology;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.Serializable;
import java.util.List;
import java.util.Set;
import org.cloudprofiler.tupleid.RootSampling;

/**
 * The contents of {@code topology.json} (docs/topology-format.md, its JSON Schema at
 * {@link TopologyFile#SCHEMA_RESOURCE}): what ran where and which channels each task has, so the
 * analyzer knows the hops without being told. Every engine writes this one layout. Immutable;
 * serializable, as Flink ships it to every subtask of a profiled job.
 *
 * @param format {@link #FORMAT}
 * @param engine the engine that ran the job: {@code storm} or {@code flink}
 * @param topologyName the name the job was submitted under
 * @param stormId Storm's id of this run; null for other engines
 * @param runId the run's id for engines other than Storm (Flink: the job id); null (and not
 *     written) for Storm
 * @param node the cloudprofiler node id of the process that wrote the file
 * @param pillStream the stream poison pills travel on
 * @param tupleIds how tuple ids are found in tuples
 * @param sample the run's sampling ({@code 1/64}: docs/design.md, "Sampling: which records are
 *     logged"); null (and not written) where every record is logged
 * @param components the user's spouts and bolts, or Flink's sources and operators
 * @param tasks every task of those components
 * @param edges the user's subscriptions, or Flink's stream edges (Storm's pill subscriptions
 *     mirror them and are not listed)
 */
public record TopologyDescription(
        String format,
        String engine,
        String topologyName,
        String stormId,
        @JsonInclude(JsonInclude.Include.NON_NULL) String runId,
        String node,
        String pillStream,
        String tupleIds,
        @JsonInclude(JsonInclude.Include.NON_NULL) String sample,
        List<Component> components,
        List<Task> tasks,
        List<Edge> edges) implements Serializable {

    /** Name and version of this layout. */
    public static final String FORMAT = "cloudprofiler-topology/1";

    /** The sampling the run logged with: {@link RootSampling#EVERY_RECORD} where none is named. */
    public RootSampling sampling() {
        return sample == null ? RootSampling.EVERY_RECORD : RootSampling.parse(sample);
    }

    /** The engine's id of this run, whichever field holds it; null if neither does. */
    public String run() {
        return stormId != null ? stormId : runId;
    }

    /**
     * A spout or bolt, or a Flink source or operator.
     *
     * @param id the component id
     * @param uid the uid the user set on a Flink operator; null if none was set, and for Storm
     * @param kind the engine's kind of component: {@code spout} or {@code bolt} (Storm),
     *     {@code source} or {@code operator} (Flink)
     * @param role where it stands in the flow of tuples; null if the file names none this
     *     version knows
     * @param channelPrefix the first component of its channels' names
     * @param parallelism the parallelism hint (executors, or Flink subtasks)
     * @param tasks its task ids: unique within the component only (Flink numbers the subtasks
     *     of every operator from 0; Storm's ids happen to be unique across the topology)
     * @param mintOrigin task {@code t} of this component mints tuple ids with origin
     *     {@code mintOrigin + t} (docs/design.md, "Tuple lineage"): Storm 0, Flink the
     *     operator's position in the stream graph shifted left by 12
     */
    public record Component(String id, String uid, String kind, ComponentRole role,
            String channelPrefix, int parallelism, List<Integer> tasks, int mintOrigin)
            implements Serializable {}

    /**
     * One task and where it ran.
     *
     * @param id the task id
     * @param component its component
     * @param host the host of its worker, {@code null} if the assignment was not known
     * @param port the port of its worker, {@code null} if not known
     * @param channels the channels the configuration gives it
     */
    public record Task(int id, String component, String host, Long port,
            List<Channel> channels) implements Serializable {}

    /**
     * One channel of a task.
     *
     * @param point {@code in}, {@code out}, {@code count}, {@code cpu} or {@code first-last}
     * @param name the channel name, {@code <component>/<task>/<point>}
     * @param handler the handler
     * @param parameters the handler parameters set by the configuration
     */
    public record Channel(String point, String name, String handler, List<Long> parameters)
            implements Serializable {}

    /**
     * A subscription of {@code to} to a stream of {@code from}.
     *
     * @param from the upstream component
     * @param to the subscribing component
     * @param stream the stream id
     * @param grouping Storm: {@code shuffle}, {@code fields}, {@code global}, {@code all},
     *     {@code none}, {@code direct}, {@code local_or_shuffle}; Flink: {@code forward},
     *     {@code hash}, {@code rebalance}, {@code rescale}, {@code broadcast}, {@code global},
     *     {@code shuffle}; either: {@code custom:<class>}
     * @param fields the grouping fields of a {@code fields} grouping, else empty
     * @param chained whether {@code from} and {@code to} run in one thread (Flink's operator
     *     chaining), so the hand-off is a method call; false for Storm
     */
    public record Edge(String from, String to, String stream, String grouping,
            List<String> fields, boolean chained) implements Serializable {

        /** The groupings that send every tuple to every task of {@code to}. */
        private static final Set<String> TO_EVERY_TASK = Set.of("all", "broadcast");

        /**
         * Whether {@code grouping} sends every tuple to every task of the subscribing component:
         * Storm's {@code all}, Flink's {@code broadcast}.
         */
        public static boolean toEveryTask(String grouping) {
            return TO_EVERY_TASK.contains(grouping);
        }
    }
}
