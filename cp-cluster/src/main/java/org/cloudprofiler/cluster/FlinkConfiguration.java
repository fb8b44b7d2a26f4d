package org.cloudprofiler.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code config.yaml} of one process of a Flink standalone session cluster started from the
 * Maven jars, and the JVM options that go with it. Flink's start scripts compute a process's
 * memory sizes and pass them to the JVM ({@code -Xmx}, direct and metaspace limits) and, for a
 * TaskManager, to Flink as the complete set of fine-grained sizes; started without the scripts,
 * both have to be given here, and they must agree. Not thread-safe: build one, write it.
 */
public final class FlinkConfiguration {
    /** The JobManager's JVM heap, enough for one small session (256-512 MB per daemon here). */
    private static final int JOB_MANAGER_HEAP_MB = 256;
    private static final int JOB_MANAGER_OFF_HEAP_MB = 64;
    private static final int METASPACE_MB = 192;
    private static final int JVM_OVERHEAD_MB = 64;
    private static final int TASK_MANAGER_FRAMEWORK_HEAP_MB = 64;
    private static final int TASK_MANAGER_TASK_HEAP_MB = 256;
    private static final int TASK_MANAGER_FRAMEWORK_OFF_HEAP_MB = 64;
    private static final int TASK_MANAGER_MANAGED_MB = 32;
    private static final int TASK_MANAGER_NETWORK_MB = 64;
    private static final int CLIENT_HEAP_MB = 256;
    /** The cores a TaskManager declares: the machine's, shared by every TaskManager. */
    private static final int TASK_MANAGER_CPU_CORES = 2;

    private final Map<String, String> entries = new LinkedHashMap<>();
    private final List<String> jvmOptions = new ArrayList<>();

    private FlinkConfiguration() {}

    /**
     * A JobManager (and the REST API and web UI) bound to {@code host}, spreading a job's slots
     * evenly over the TaskManagers so that its subtasks run on several nodes.
     */
    public static FlinkConfiguration jobManager(String host, int rpcPort, int blobPort,
            int restPort) {
        return new FlinkConfiguration()
                .set("jobmanager.rpc.address", host)
                .set("jobmanager.rpc.port", rpcPort)
                .set("jobmanager.bind-host", host)
                .set("blob.server.port", blobPort)
                .set("rest.address", host)
                .set("rest.bind-address", host)
                .set("rest.port", restPort)
                .set("taskmanager.load-balance.mode", "SLOTS")
                .set("jobmanager.memory.heap.size", megabytes(JOB_MANAGER_HEAP_MB))
                .set("jobmanager.memory.off-heap.size", megabytes(JOB_MANAGER_OFF_HEAP_MB))
                .withJvmMemory("jobmanager", JOB_MANAGER_HEAP_MB, JOB_MANAGER_OFF_HEAP_MB);
    }

    /**
     * A TaskManager of {@code slots} slots bound to {@code host}, registering with the
     * JobManager at {@code jobManagerHost:jobManagerRpcPort} under {@code resourceId} (the id
     * the REST API lists it by).
     */
    public static FlinkConfiguration taskManager(String resourceId, String host, int rpcPort,
            int dataPort, String jobManagerHost, int jobManagerRpcPort, int slots) {
        return new FlinkConfiguration()
                .set("jobmanager.rpc.address", jobManagerHost)
                .set("jobmanager.rpc.port", jobManagerRpcPort)
                .set("taskmanager.resource-id", resourceId)
                .set("taskmanager.host", host)
                .set("taskmanager.bind-host", host)
                .set("taskmanager.rpc.port", rpcPort)
                .set("taskmanager.data.port", dataPort)
                .set("taskmanager.numberOfTaskSlots", slots)
                .set("taskmanager.cpu.cores", TASK_MANAGER_CPU_CORES)
                .set("taskmanager.memory.framework.heap.size",
                        megabytes(TASK_MANAGER_FRAMEWORK_HEAP_MB))
                .set("taskmanager.memory.task.heap.size", megabytes(TASK_MANAGER_TASK_HEAP_MB))
                .set("taskmanager.memory.managed.size", megabytes(TASK_MANAGER_MANAGED_MB))
                .set("taskmanager.memory.framework.off-heap.size",
                        megabytes(TASK_MANAGER_FRAMEWORK_OFF_HEAP_MB))
                .set("taskmanager.memory.task.off-heap.size", megabytes(0))
                .set("taskmanager.memory.network.min", megabytes(TASK_MANAGER_NETWORK_MB))
                .set("taskmanager.memory.network.max", megabytes(TASK_MANAGER_NETWORK_MB))
                .withJvmMemory("taskmanager",
                TASK_MANAGER_FRAMEWORK_HEAP_MB + TASK_MANAGER_TASK_HEAP_MB,
                TASK_MANAGER_FRAMEWORK_OFF_HEAP_MB + TASK_MANAGER_NETWORK_MB);
    }

    /** A client ({@code flink run}, {@code flink cancel}) of the REST API at host:port. */
    public static FlinkConfiguration client(String restHost, int restPort) {
        FlinkConfiguration config = new FlinkConfiguration()
                .set("rest.address", restHost)
                .set("rest.port", restPort);
        config.jvmOptions.add("-Xmx" + megabytes(CLIENT_HEAP_MB));
        return config;
    }

    /**
     * The sizes both kinds of process give alike ({@code <process>.memory.jvm-*}), and the JVM's
     * limits: the heap and direct memory Flink's sizes add up to, and the metaspace.
     */
    private FlinkConfiguration withJvmMemory(String process, int heapMb, int directMb) {
        set(process + ".memory.jvm-metaspace.size", megabytes(METASPACE_MB));
        set(process + ".memory.jvm-overhead.min", megabytes(JVM_OVERHEAD_MB));
        set(process + ".memory.jvm-overhead.max", megabytes(JVM_OVERHEAD_MB));
        jvmOptions.addAll(List.of("-Xmx" + megabytes(heapMb),
                "-XX:MaxDirectMemorySize=" + megabytes(directMb),
                "-XX:MaxMetaspaceSize=" + megabytes(METASPACE_MB)));
        return this;
    }

    private static String megabytes(int megabytes) {
        return megabytes + "m";
    }

    /** Adds or replaces one key, e.g. the directories only the caller knows. */
    public FlinkConfiguration set(String key, Object value) {
        entries.put(key, String.valueOf(value));
        return this;
    }

    /** The keys and values, in the order they were set. */
    Map<String, String> entries() {
        return Collections.unmodifiableMap(entries);
    }

    /** The heap, direct memory and metaspace limits that match the memory sizes. */
    public List<String> jvmOptions() {
        return List.copyOf(jvmOptions);
    }

    /**
     * Writes {@code directory/config.yaml} (creating the directory), the file Flink reads from
     * {@code --configDir} or {@code FLINK_CONF_DIR}; returns the directory.
     */
    public Path write(Path directory) throws IOException {
        StringBuilder yaml = new StringBuilder();
        // Flat keys are valid YAML and what Flink's own docs and scripts write.
        entries.forEach((key, value) -> yaml.append(key).append(": ").append(value).append('\n'));
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("config.yaml"), yaml);
        return directory;
    }
}
