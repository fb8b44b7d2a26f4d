package org.cloudprofiler.flink.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.config.CpConfigException;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.probe.TaskProbe;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a profiled Flink job's {@code topology.json} into this process's node log directory
 * ({@code $CP_LOG_DIR/<node>/}). The client described the job; each subtask adds the host it
 * runs on and its operator's parallelism as it opens. A TaskManager knows only its own
 * subtasks, so each write merges with what the file holds for the same job (under a file lock,
 * as several TaskManagers may share a node). Thread-safe.
 */
final class FlinkTopologyFile {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkTopologyFile.class);
    private static final String LOCK_NAME = TopologyFile.FILE_NAME + ".lock";

    /** A subtask of an operator: its component id and index. */
    private record Subtask(String component, int index) {}

    /**
     * Per job run with subtasks open in this JVM: parallelism per operator and host per subtask,
     * as this JVM saw them; forgotten when its last subtask here closes (the file keeps them).
     */
    private static final Map<String, Map<String, Integer>> PARALLELISM = new HashMap<>();
    private static final Map<String, Map<Subtask, String>> HOSTS = new HashMap<>();
    private static final Map<String, Integer> OPEN_SUBTASKS = new HashMap<>();

    private FlinkTopologyFile() {}

    /** Subtask {@code index} of {@code profile}'s operator runs here; reported, never thrown. */
    static synchronized void subtaskStarted(OperatorProfile profile, String runId, int index,
            int parallelism) {
        if (!enabled(profile)) {
            return;
        }
        OPEN_SUBTASKS.merge(runId, 1, Integer::sum);
        PARALLELISM.computeIfAbsent(runId, run -> new HashMap<>())
                .put(profile.componentId(), parallelism);
        Map<Subtask, String> hosts = HOSTS.computeIfAbsent(runId, run -> new HashMap<>());
        hosts.put(new Subtask(profile.componentId(), index), localHost());
        Path directory;
        try {
            directory = Path.of(CloudProfiler.logDirectory());
        } catch (RuntimeException | LinkageError e) {
            LOG.error("cloudprofiler: {} is not written: no log directory ({})",
                    TopologyFile.FILE_NAME, e.toString());
            return;
        }
        try {
            write(directory, profile, runId);
        } catch (IOException | UncheckedIOException e) {
            LOG.error("cloudprofiler: {} is not written in {}: {}; make $CP_LOG_DIR writable",
                    TopologyFile.FILE_NAME, directory, e.getMessage());
        }
    }

    /** A subtask that {@link #subtaskStarted} has closed. */
    static synchronized void subtaskClosed(String runId) {
        Integer open = OPEN_SUBTASKS.get(runId);
        if (open == null) {
            return;
        }
        if (open > 1) {
            OPEN_SUBTASKS.put(runId, open - 1);
        } else {
            OPEN_SUBTASKS.remove(runId);
            PARALLELISM.remove(runId);
            HOSTS.remove(runId);
        }
    }

    /** How many job runs this JVM holds placements of, for tests. */
    static synchronized int runsHeld() {
        return OPEN_SUBTASKS.size();
    }

    private static boolean enabled(OperatorProfile profile) {
        try {
            return CpSettings.from(profile.settings()).enabled();
        } catch (CpConfigException e) {
            return false;
        }
    }

    private static void write(Path directory, OperatorProfile profile, String runId)
            throws IOException {
        Files.createDirectories(directory);
        Path file = directory.resolve(TopologyFile.FILE_NAME);
        try (FileChannel lockFile = FileChannel.open(directory.resolve(LOCK_NAME),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = lockFile.lock()) {
            Map<String, Integer> parallelism = new HashMap<>();
            Map<Subtask, String> hosts = new HashMap<>();
            readBefore(file, runId, parallelism, hosts);
            parallelism.putAll(PARALLELISM.get(runId));
            hosts.putAll(HOSTS.get(runId));
            TopologyFile.write(file, describe(profile, runId, parallelism, hosts,
                    directory.getFileName().toString()));
        }
    }

    /** What an earlier write for the same run put in {@code file}. */
    private static void readBefore(Path file, String runId, Map<String, Integer> parallelism,
            Map<Subtask, String> hosts) {
        if (!Files.exists(file)) {
            return;
        }
        try {
            TopologyDescription before = TopologyFile.read(file);
            if (!runId.equals(before.run())) {
                return;
            }
            for (TopologyDescription.Component component : before.components()) {
                if (component.parallelism() > 0) {
                    parallelism.put(component.id(), component.parallelism());
                }
            }
            for (TopologyDescription.Task task : before.tasks()) {
                if (task.host() != null) {
                    hosts.put(new Subtask(task.component(), task.id()), task.host());
                }
            }
        } catch (IOException e) {
            // An unreadable earlier file is replaced, not merged.
        }
    }

    /**
     * The client's description with the run's id and what is known of its subtasks: an operator
     * whose parallelism no subtask reported yet keeps the one the client knew (at least 1).
     */
    static TopologyDescription describe(OperatorProfile profile, String runId,
            Map<String, Integer> parallelism, Map<Subtask, String> hosts, String node) {
        TopologyDescription template = profile.topology();
        CpSettings settings = CpSettings.from(profile.settings());
        List<TopologyDescription.Component> components = new ArrayList<>();
        List<TopologyDescription.Task> tasks = new ArrayList<>();
        for (TopologyDescription.Component component : template.components()) {
            int subtasks = parallelism.getOrDefault(component.id(),
                    Math.max(1, component.parallelism()));
            components.add(new TopologyDescription.Component(component.id(), component.uid(),
                    component.kind(), component.role(), component.channelPrefix(), subtasks,
                    IntStream.range(0, subtasks).boxed().toList(), component.mintOrigin()));
            for (int index = 0; index < subtasks; index++) {
                tasks.add(new TopologyDescription.Task(index, component.id(),
                        hosts.get(new Subtask(component.id(), index)), null,
                        TaskProbe.channels(component.id(), index, settings)));
            }
        }
        tasks.sort(Comparator.comparing(TopologyDescription.Task::component)
                .thenComparingInt(TopologyDescription.Task::id));
        return new TopologyDescription(TopologyDescription.FORMAT, template.engine(),
                template.topologyName(), null, runId, node, null, template.tupleIds(),
                template.sample(), components, tasks, template.edges());
    }

    private static String localHost() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
