package org.cloudprofiler.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cloudprofiler.netns.NetworkNamespaces;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What FlinkCluster and FlinkClient start, without starting it. */
class FlinkClusterTest {
    private static final List<String> JOB_MANAGER_PORTS = List.of("jobmanager.rpc.port",
            "blob.server.port", "rest.port", "metrics.internal.query-service.port");
    private static final List<String> TASK_MANAGER_PORTS = List.of("taskmanager.rpc.port",
            "taskmanager.data.port", "metrics.internal.query-service.port");

    private static final String OPENS = "--add-opens=java.base/java.lang=ALL-UNNAMED";
    private static final String OPENS_UTIL = "--add-opens=java.base/java.util=ALL-UNNAMED";

    @TempDir
    Path directory;

    private ClusterLayout layout;

    @BeforeEach
    void checkoutWithTheFlinkEngineBuilt() throws IOException {
        Path target = Files.createDirectories(directory.resolve("checkout/engines/flink/target"));
        Files.writeString(target.resolve("classpath.txt"), "/m2/flink-runtime.jar:/m2/log4j.jar\n");
        Files.writeString(target.resolve("jvm-options.txt"), OPENS + " " + OPENS_UTIL + "\n");
        NetworkNamespaces loopback = NetworkNamespaces.loopback(3, "a unit test");
        layout = new ClusterLayout(loopback.nodes(), loopback.hostIp(),
                directory.resolve("cluster"), directory.resolve("checkout"), Path.of("java"));
    }

    @Test
    void theJobManagerRunsOnNodeZeroAndATaskManagerOnEveryWorker() throws IOException {
        List<ClusterProcess> processes = new FlinkCluster().processes(layout);

        assertEquals(List.of("flink-jobmanager", "flink-taskmanager-1", "flink-taskmanager-2"),
                processes.stream().map(ClusterProcess::name).toList());
        assertEquals(List.of(0, 1, 2),
                processes.stream().map(process -> process.node().index()).toList());
        assertEquals(Map.of(), processes.get(0).environment());
        assertEquals(layout.profilingEnvironment(layout.nodes().get(2), "flink"),
                processes.get(2).environment());
        assertTrue(processes.get(1).command().contains(FlinkCluster.TASK_MANAGER_CLASS),
                processes.get(1).command()::toString);
        assertTrue(processes.get(1).command().contains(OPENS_UTIL),
                processes.get(1).command()::toString);
        // What addresses() tells a user with a Flink distribution to point FLINK_CONF_DIR at.
        assertTrue(Files.isRegularFile(FlinkClient.configDirectory(layout)
                .resolve("config.yaml")));
    }

    @Test
    void onTheLoopbackNoTwoProcessesBindTheSamePort() throws IOException {
        Set<String> bound = new HashSet<>();
        for (ClusterProcess process : new FlinkCluster().processes(layout)) {
            Map<String, String> config = config(process.name());
            for (String key : process.node().index() == 0 ? JOB_MANAGER_PORTS
                    : TASK_MANAGER_PORTS) {
                String address = process.node().ip() + ":" + config.get(key);
                assertTrue(bound.add(address), process.name() + " binds " + address + " ("
                        + key + ") again: " + bound);
            }
        }
        assertEquals(JOB_MANAGER_PORTS.size() + 2 * TASK_MANAGER_PORTS.size(), bound.size());
    }

    @Test
    void everyTaskManagerBindsItsNodeAndFindsTheJobManagerOnNodeZero() throws IOException {
        new FlinkCluster().processes(layout);
        Map<String, String> taskManager = config("flink-taskmanager-2");

        assertEquals("flink-taskmanager-2", taskManager.get("taskmanager.resource-id"));
        assertEquals(layout.nodes().get(2).ip(), taskManager.get("taskmanager.host"));
        assertEquals(layout.nodes().get(2).ip(), taskManager.get("taskmanager.bind-host"));
        assertEquals(layout.coordinator().ip(), taskManager.get("jobmanager.rpc.address"));
        assertEquals(config("flink-jobmanager").get("jobmanager.rpc.port"),
                taskManager.get("jobmanager.rpc.port"));
        assertEquals("2", taskManager.get("taskmanager.numberOfTaskSlots"));
        assertEquals("SLOTS", config("flink-jobmanager").get("taskmanager.load-balance.mode"));
        assertTrue(taskManager.get("io.tmp.dirs").startsWith(
                layout.engineDirectory("flink").toString()), taskManager::toString);
    }

    @Test
    void aTaskManagersHeapLimitIsTheSumOfTheHeapsFlinkIsTold() {
        FlinkConfiguration config = FlinkConfiguration.taskManager("tm", "10.0.0.3", 1, 2,
                "10.0.0.2", 3, 2);
        int heapMb = megabytes(config.entries().get("taskmanager.memory.framework.heap.size"))
                + megabytes(config.entries().get("taskmanager.memory.task.heap.size"));
        int directMb = megabytes(config.entries().get(
                "taskmanager.memory.framework.off-heap.size"))
                + megabytes(config.entries().get("taskmanager.memory.task.off-heap.size"))
                + megabytes(config.entries().get("taskmanager.memory.network.max"));

        assertTrue(config.jvmOptions().contains("-Xmx" + heapMb + "m"),
                config.jvmOptions()::toString);
        assertTrue(config.jvmOptions().contains("-XX:MaxDirectMemorySize=" + directMb + "m"),
                config.jvmOptions()::toString);
    }

    @Test
    void theSubmissionRunsFlinksClientOnNodeZeroAgainstTheRestApi() throws IOException {
        new FlinkCluster().processes(layout);
        ClusterProcess submission = FlinkClient.submission(layout, Path.of("/jobs/job.jar"),
                "org.example.Job", List.of("name", "file"));

        assertEquals(0, submission.node().index());
        List<String> command = submission.command();
        int client = command.indexOf(FlinkClient.CLIENT_CLASS);
        assertEquals(List.of("run", "-d", "-c", "org.example.Job", "/jobs/job.jar", "name",
                "file"), command.subList(client + 1, command.size()));
        Path conf = Path.of(submission.environment().get("FLINK_CONF_DIR"));
        assertEquals(FlinkClient.configDirectory(layout), conf);
        Map<String, String> config = read(conf.resolve("config.yaml"));
        assertEquals(layout.coordinator().ip(), config.get("rest.address"));
        assertEquals(config("flink-jobmanager").get("rest.port"), config.get("rest.port"));
    }

    @Test
    void aClusterProfilingEveryJobSubmitsThroughTheProfilingTargetWithTheProfilerJar()
            throws IOException {
        Path jar = layout.repository().resolve(FlinkCluster.PROFILER_JAR);
        Files.createDirectories(jar.getParent());
        Files.writeString(jar, "a jar");

        List<ClusterProcess> processes = FlinkCluster.profilingEveryJob().processes(layout);
        Map<String, String> client = read(FlinkClient.configDirectory(layout)
                .resolve("config.yaml"));
        assertEquals("cloudprofiler", client.get("execution.target"));
        for (ClusterProcess process : processes) {
            List<String> command = process.command();
            assertTrue(command.get(command.indexOf("-cp") + 1).endsWith(":" + jar),
                    command::toString);
            assertEquals("org.cloudprofiler.", config(process.name())
                    .get("classloader.parent-first-patterns.additional"));
        }
        ClusterProcess submission = FlinkClient.submission(layout, Path.of("/jobs/job.jar"),
                "org.example.Job", List.of());
        assertTrue(submission.command().get(submission.command().indexOf("-cp") + 1)
                .endsWith(":" + jar), submission.command()::toString);
    }

    @Test
    void aClusterNotAskedToProfileLeavesTheTargetToTheJob() throws IOException {
        new FlinkCluster().processes(layout);

        Map<String, String> client = read(FlinkClient.configDirectory(layout)
                .resolve("config.yaml"));
        assertFalse(client.containsKey("execution.target"), client::toString);
    }

    @Test
    void aClusterProfilingEveryJobNeedsTheProfilerJarBuilt() {
        IOException missing = assertThrows(IOException.class,
                () -> FlinkCluster.profilingEveryJob().processes(layout));
        assertTrue(missing.getMessage().contains("cloudprofiler-flink.jar is missing"),
                missing.getMessage());
    }

    @Test
    void aTaskManagerIsReadyOnceTheRestApiListsItsResourceId() {
        String body = "{\"taskmanagers\":[{\"id\":\"flink-taskmanager-1\",\"slotsNumber\":2}]}";

        assertTrue(FlinkCluster.listsTaskManager(body, "flink-taskmanager-1"));
        assertFalse(FlinkCluster.listsTaskManager(body, "flink-taskmanager-2"));
        assertFalse(FlinkCluster.listsTaskManager("<html>starting</html>", "flink-taskmanager-1"));
    }

    private Map<String, String> config(String process) throws IOException {
        return read(layout.engineDirectory("flink").resolve(process).resolve("config.yaml"));
    }

    private static Map<String, String> read(Path file) throws IOException {
        Map<String, String> entries = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] keyValue = line.split(": ", 2);
            entries.put(keyValue[0], keyValue[1]);
        }
        return entries;
    }

    private static int megabytes(String size) {
        return Integer.parseInt(size.substring(0, size.length() - 1));
    }
}
