package org.cloudprofiler.storm.topology;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.utils.Utils;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.channel.ChannelNames;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.probe.TaskProbe;
import org.cloudprofiler.storm.pill.PillStream;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;

/**
 * Describes a running topology from a task's context and writes it as {@code topology.json}
 * into this process's node log directory ({@code $CP_LOG_DIR/<node>/}). A worker knows where its
 * own tasks run, not the others: each write adds this JVM's workers' tasks to what the file
 * already holds for the same run (under a file lock, as several worker processes may share a
 * node), so the file of a node ends up placing every task that ran there. Thread-safe.
 */
public final class TopologyJson {

    /**
     * Every component's {@code mintOrigin}: a task mints with origin {@code MINT_ORIGIN + task},
     * and Storm's task ids are unique across the topology already.
     */
    public static final int MINT_ORIGIN = 0;

    private static final String LOCK_NAME = TopologyFile.FILE_NAME + ".lock";

    /** Per run, where this JVM's workers run their tasks. */
    private static final Map<String, Map<Integer, Placement>> PLACED = new HashMap<>();

    private TopologyJson() {}

    /**
     * Writes {@code topology.json} unless this JVM has written it already with the tasks of the
     * worker {@code context} belongs to.
     *
     * @return the file written, or {@code null} if there was nothing new to write
     * @throws UncheckedIOException if the file cannot be written
     */
    public static synchronized Path write(TopologyContext context,
            Map<String, Object> topologyConf, CpSettings settings, String tupleIds) {
        Map<Integer, Placement> placed =
                PLACED.computeIfAbsent(context.getStormId(), run -> new HashMap<>());
        int known = placed.size();
        Long port = context.getThisWorkerPort() == null ? null : (long) context.getThisWorkerPort();
        Placement here = new Placement(localHost(), port);
        for (int task : context.getThisWorkerTasks()) {
            placed.putIfAbsent(task, here);
        }
        if (placed.size() == known) {
            return null;
        }
        Path directory = Path.of(CloudProfiler.logDirectory());
        Path file = directory.resolve(TopologyFile.FILE_NAME);
        try {
            Files.createDirectories(directory);
            try (FileChannel lockFile = FileChannel.open(directory.resolve(LOCK_NAME),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock lock = lockFile.lock()) {
                Map<Integer, Placement> placements = new HashMap<>(placed);
                placements.putAll(placedBefore(file, context.getStormId()));
                placements.putAll(placed);
                TopologyDescription description =
                        describe(context, topologyConf, settings, tupleIds, placements);
                TopologyFile.write(file, description);
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + "; make $CP_LOG_DIR writable", e);
        }
    }

    /** The placements an earlier write of the same run left in {@code file}. */
    private static Map<Integer, Placement> placedBefore(Path file, String stormId) {
        Map<Integer, Placement> placements = new HashMap<>();
        if (!Files.exists(file)) {
            return placements;
        }
        try {
            TopologyDescription before = TopologyFile.read(file);
            if (stormId.equals(before.stormId())) {
                for (TopologyDescription.Task task : before.tasks()) {
                    if (task.host() != null) {
                        placements.put(task.id(), new Placement(task.host(), task.port()));
                    }
                }
            }
        } catch (IOException e) {
            // An unreadable earlier file is replaced, not merged.
        }
        return placements;
    }

    /** The description of the topology {@code context} belongs to. */
    static TopologyDescription describe(TopologyContext context,
            Map<String, Object> topologyConf, CpSettings settings, String tupleIds,
            Map<Integer, Placement> placements) {
        StormTopology topology = context.getRawTopology();
        Set<String> spouts = new LinkedHashSet<>(topology.get_spouts().keySet());
        Set<String> components = new LinkedHashSet<>(spouts);
        components.addAll(topology.get_bolts().keySet());
        List<TopologyDescription.Edge> edges = edges(topology, components);
        Set<String> upstream = new HashSet<>();
        edges.forEach(edge -> upstream.add(edge.from()));

        List<TopologyDescription.Component> componentList = new ArrayList<>();
        List<TopologyDescription.Task> tasks = new ArrayList<>();
        for (String component : components) {
            boolean spout = spouts.contains(component);
            ComponentCommon common = spout ? topology.get_spouts().get(component).get_common()
                    : topology.get_bolts().get(component).get_common();
            List<Integer> taskIds = context.getComponentTasks(component);
            // Storm components have no uid besides their id.
            componentList.add(new TopologyDescription.Component(component, null,
                    spout ? "spout" : "bolt",
                    spout ? ComponentRole.SOURCE : upstream.contains(component)
                            ? ComponentRole.INNER : ComponentRole.SINK,
                    ChannelNames.component(component), common.get_parallelism_hint(),
                    List.copyOf(taskIds), MINT_ORIGIN));
            for (int task : taskIds) {
                tasks.add(task(component, task, settings, placements.get(task)));
            }
        }
        tasks.sort(Comparator.comparingInt(TopologyDescription.Task::id));
        Object name = topologyConf.get("topology.name");
        return new TopologyDescription(TopologyDescription.FORMAT, "storm",
                name == null ? null : name.toString(), context.getStormId(), null,
                Path.of(CloudProfiler.logDirectory()).getFileName().toString(), PillStream.ID,
                tupleIds, settings.sampleText(), componentList, tasks, edges);
    }

    private static TopologyDescription.Task task(String component, int task,
            CpSettings settings, Placement placement) {
        return new TopologyDescription.Task(task, component,
                placement == null ? null : placement.host(),
                placement == null ? null : placement.port(),
                TaskProbe.channels(component, task, settings));
    }

    private static String localHost() {
        try {
            return Utils.localHostname();
        } catch (IOException e) {
            return null;
        }
    }

    private static List<TopologyDescription.Edge> edges(StormTopology topology,
            Set<String> components) {
        List<TopologyDescription.Edge> edges = new ArrayList<>();
        for (Map.Entry<String, Bolt> bolt : topology.get_bolts().entrySet()) {
            for (Map.Entry<GlobalStreamId, Grouping> input
                    : bolt.getValue().get_common().get_inputs().entrySet()) {
                GlobalStreamId stream = input.getKey();
                if (PillStream.ID.equals(stream.get_streamId())
                        || !components.contains(stream.get_componentId())) {
                    continue;
                }
                Grouping grouping = input.getValue();
                List<String> fields = grouping.is_set_fields() ? grouping.get_fields() : List.of();
                // Never chained: a tuple between executors always crosses a queue.
                edges.add(new TopologyDescription.Edge(stream.get_componentId(), bolt.getKey(),
                        stream.get_streamId(), groupingName(grouping),
                        fields.isEmpty() ? List.of() : List.copyOf(fields), false));
            }
        }
        edges.sort(Comparator.comparing(TopologyDescription.Edge::from)
                .thenComparing(TopologyDescription.Edge::to)
                .thenComparing(TopologyDescription.Edge::stream));
        return edges;
    }

    /** Storm's grouping as the user declared it; a global grouping is fields with no fields. */
    static String groupingName(Grouping grouping) {
        if (grouping.is_set_fields()) {
            return grouping.get_fields().isEmpty() ? "global" : "fields";
        }
        if (grouping.is_set_custom_serialized()) {
            return "custom:" + customClass(grouping.get_custom_serialized());
        }
        if (grouping.is_set_custom_object()) {
            return "custom:" + grouping.get_custom_object().get_full_class_name();
        }
        return grouping.getSetField().getFieldName();
    }

    private static String customClass(byte[] serialized) {
        try {
            return Utils.javaDeserialize(serialized, Object.class).getClass().getName();
        } catch (RuntimeException e) {
            return "unknown";
        }
    }

    /** Where a task runs: its worker's host and port. */
    record Placement(String host, Long port) {}
}
