package org.cloudprofiler.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What {@code cluster up} left running, in {@code <cluster dir>/cluster.json}, so that
 * {@code status}, {@code exec}, {@code sync} and {@code down} find it from another process: the
 * nodes (a kept set of namespaces, or the loopback), the engines, and every process started,
 * written again after each start so that nothing started is ever unrecorded. Several processes
 * start and stop cluster processes at once (a run's driver, {@code cluster sync}, a submission),
 * so each change is made by {@link #update} on the file as it is, under a lock.
 *
 * @param namespaces the kept namespace set's name, or null on the loopback
 * @param nodeCount the number of nodes
 * @param engines the engines brought up, in start order
 * @param processes every process started and not yet stopped
 */
public record ClusterState(String namespaces, int nodeCount, List<String> engines,
        List<RecordedProcess> processes) {

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String FILE = "cluster.json";
    private static final String LOCK = "cluster.lock";

    public ClusterState {
        engines = List.copyOf(engines);
        processes = List.copyOf(processes);
    }

    /** One started process: its name, node, pid and start time (so a reused pid is not it). */
    public record RecordedProcess(String name, int node, long pid, long startMillis) {
        /** The process, if it still runs: same pid and same start time. */
        public Optional<ProcessHandle> handle() {
            return ProcessHandle.of(pid).filter(process -> process.info().startInstant()
                    .map(start -> start.toEpochMilli() == startMillis).orElse(false));
        }
    }

    /**
     * Applies {@code change} to the state recorded in {@code directory}, under an exclusive lock
     * on {@code cluster.lock} there, and writes the result; returns it.
     *
     * @throws IOException if no state is recorded there
     */
    static ClusterState update(Path directory, UnaryOperator<ClusterState> change)
            throws IOException {
        try (FileChannel channel = FileChannel.open(directory.resolve(LOCK),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            ClusterState current = read(directory).orElseThrow(() -> new IOException(
                    "no cluster in " + directory + " any more (cluster.json is gone): it was"
                            + " taken down"));
            ClusterState next = change.apply(current);
            next.write(directory);
            return next;
        }
    }

    /** This state with {@code process} added. */
    ClusterState with(RecordedProcess process) {
        List<RecordedProcess> all = new ArrayList<>(processes);
        all.add(process);
        return new ClusterState(namespaces, nodeCount, engines, all);
    }

    /** This state without the processes named {@code names}. */
    ClusterState without(List<String> names) {
        return new ClusterState(namespaces, nodeCount, engines,
                processes.stream().filter(process -> !names.contains(process.name())).toList());
    }

    /** The state of the cluster in {@code directory}, if one is recorded there. */
    public static Optional<ClusterState> read(Path directory) throws IOException {
        Path file = directory.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(file.toFile(), ClusterState.class));
        } catch (IOException e) {
            throw new IOException(file + " is not a cluster's state (" + e.getMessage()
                    + "); remove it, and any namespace cpk* or process it named, by hand");
        }
    }

    /** Writes the state to {@code directory} atomically. */
    void write(Path directory) throws IOException {
        Path temporary = directory.resolve(FILE + ".tmp");
        JSON.writeValue(temporary.toFile(), this);
        Files.move(temporary, directory.resolve(FILE), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    /** Removes the state file and its lock from {@code directory}. */
    static void delete(Path directory) throws IOException {
        Files.deleteIfExists(directory.resolve(FILE));
        Files.deleteIfExists(directory.resolve(LOCK));
    }
}
