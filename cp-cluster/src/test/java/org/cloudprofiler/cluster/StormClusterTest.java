package org.cloudprofiler.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.cloudprofiler.netns.NetworkNamespaces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What StormCluster and StormClient write and run, on three loopback nodes (nothing starts). */
class StormClusterTest {
    @TempDir
    Path directory;

    private ClusterLayout layout() throws IOException {
        Path repository = directory.resolve("checkout");
        Path target = Files.createDirectories(repository.resolve("engines/storm/target"));
        List<String> jars = new ArrayList<>();
        for (String name : List.of("storm-server-2.8.3.jar", "storm-client-2.8.3.jar")) {
            jars.add(Files.createFile(directory.resolve(name)).toString());
        }
        Files.writeString(target.resolve("classpath.txt"),
                String.join(File.pathSeparator, jars) + "\n");
        return new ClusterLayout(NetworkNamespaces.loopback(3, "test").nodes(), "127.0.0.1",
                directory.resolve("cluster"), repository, Path.of("/opt/jdk/bin/java"));
    }

    @Test
    void zooKeeperAndNimbusRunOnNodeZeroAndASupervisorOnEveryOtherNode() throws IOException {
        List<ClusterProcess> processes = new StormCluster().processes(layout());
        assertEquals(List.of("storm-zookeeper", "storm-nimbus", "storm-supervisor-1",
                "storm-supervisor-2"), processes.stream().map(ClusterProcess::name).toList());
        assertEquals(List.of(0, 0, 1, 2),
                processes.stream().map(process -> process.node().index()).toList());
    }

    @Test
    void noTwoDaemonsOrSlotsShareAPortOnTheLoopback() throws IOException {
        ClusterLayout layout = layout();
        new StormCluster().processes(layout);
        Path storm = layout.directory().resolve("storm");
        List<String> bound = new ArrayList<>();
        bound.add(setting(storm.resolve("zookeeper/zoo.cfg"), "clientPort="));
        bound.add(setting(storm.resolve("node-0/storm.yaml"), "nimbus.thrift.port: "));
        for (String node : List.of("node-1", "node-2")) {
            Path config = storm.resolve(node).resolve("storm.yaml");
            bound.add(setting(config, "supervisor.thrift.port: "));
            bound.add(setting(config, "supervisor.slots.ports: "));
        }
        assertEquals(List.of("2181", "6627", "6629", "[6701, 6704]", "6630", "[6702, 6705]"),
                bound);
        List<String> ports = bound.stream().flatMap(value ->
                Stream.of(value.replaceAll("[\\[\\]]", "").split(", "))).toList();
        assertEquals(ports.size(), new HashSet<>(ports).size(), ports::toString);
    }

    @Test
    void eachDaemonAdvertisesItsNodeAndKeepsItsStateApart() throws IOException {
        ClusterLayout layout = layout();
        new StormCluster().processes(layout);
        Path nodeOne = layout.directory().resolve("storm/node-1");
        String config = Files.readString(nodeOne.resolve("storm.yaml"));
        assertTrue(config.contains("storm.local.hostname: \"127.0.0.1\"\n"), config);
        assertTrue(config.contains("storm.local.dir: \"" + nodeOne.resolve("local") + "\"\n"),
                config);
        assertTrue(config.contains("nimbus.seeds: [\"127.0.0.1\"]\n"), config);
    }

    @Test
    void aSupervisorsWorkersLogAsItsNodeAndRunOnTheClustersJava() throws IOException {
        ClusterLayout layout = layout();
        ClusterProcess supervisor = new StormCluster().processes(layout).get(3);
        assertEquals(Map.of("CP_LOG_DIR", layout.logDirectory("storm").toString(),
                "CP_NODE_ID", "node-2", "JAVA_HOME", "/opt/jdk"), supervisor.environment());
        assertTrue(supervisor.command().contains("-Dstorm.home="
                + layout.directory().resolve("storm/home")), supervisor.command()::toString);
    }

    @Test
    void libWorkerLinksEveryJarOfTheClassPathAndNothingElse() throws IOException {
        ClusterLayout layout = layout();
        Path libWorker = layout.directory().resolve("storm/home/lib-worker");
        Files.createDirectories(libWorker);
        Files.createSymbolicLink(libWorker.resolve("old-1.0.jar"), directory);
        new StormCluster().processes(layout);
        Set<String> linked = new HashSet<>();
        try (var links = Files.list(libWorker)) {
            links.forEach(link -> linked.add(link.getFileName() + " -> "
                    + readLink(link).getFileName()));
        }
        assertEquals(Set.of("storm-server-2.8.3.jar -> storm-server-2.8.3.jar",
                "storm-client-2.8.3.jar -> storm-client-2.8.3.jar"), linked);
        assertTrue(Files.isRegularFile(layout.directory().resolve("storm/home/log4j2/worker.xml")));
    }

    @Test
    void aClusterProfilingEveryTopologyValidatesWithTheProfilerInNimbusAndTheWorkers()
            throws IOException {
        ClusterLayout layout = layout();
        Path jar = layout.repository().resolve(StormCluster.PROFILER_JAR);
        Files.createDirectories(jar.getParent());
        Files.writeString(jar, "a jar");

        List<ClusterProcess> processes = StormCluster.profilingEveryTopology().processes(layout);
        Path storm = layout.directory().resolve("storm");
        assertEquals("\"org.cloudprofiler.storm.ProfilingTopologyValidator\"",
                setting(storm.resolve("node-0/storm.yaml"), "nimbus.topology.validator: "));
        List<String> nimbus = processes.get(1).command();
        assertTrue(nimbus.get(nimbus.indexOf("-cp") + 1).endsWith(File.pathSeparator + jar),
                nimbus::toString);
        // The workers' class path is the Storm home's lib-worker/* and extlib/*.
        assertEquals(jar, readLink(storm.resolve("home/extlib/cloudprofiler-storm.jar")));
        assertTrue(processes.get(2).command().stream().noneMatch(
                argument -> argument.contains("cloudprofiler-storm")), "the Supervisor's own");
    }

    @Test
    void aClusterNotAskedToProfileHasNeitherValidatorNorProfilerJar() throws IOException {
        ClusterLayout layout = layout();
        List<ClusterProcess> processes = new StormCluster().processes(layout);
        Path storm = layout.directory().resolve("storm");
        assertFalse(Files.readString(storm.resolve("node-0/storm.yaml"))
                .contains("nimbus.topology.validator"));
        assertEquals(layout.engineClasspath("storm"),
                processes.get(1).command().get(processes.get(1).command().indexOf("-cp") + 1));
        try (Stream<Path> extlib = Files.list(storm.resolve("home/extlib"))) {
            assertEquals(List.of(), extlib.toList());
        }
    }

    @Test
    void aClusterProfilingEveryTopologyNeedsTheProfilerJarBuilt() throws IOException {
        ClusterLayout layout = layout();
        IOException missing = assertThrows(IOException.class,
                () -> StormCluster.profilingEveryTopology().processes(layout));
        assertTrue(missing.getMessage().contains("cloudprofiler-storm.jar is missing"),
                missing.getMessage());
    }

    @Test
    void aSubmissionRunsTheJarsMainAfterStormsJarsWithTheClientConfiguration()
            throws IOException {
        ClusterLayout layout = layout();
        Path jar = directory.resolve("topology.jar");
        List<String> command = StormClient.submit(layout, jar, "com.example.Main",
                List.of("name", "file"));
        String classpath = command.get(command.indexOf("-cp") + 1);
        assertTrue(classpath.startsWith(layout.engineClasspath("storm") + File.pathSeparator),
                classpath);
        assertTrue(classpath.endsWith(File.pathSeparator + jar), classpath);
        assertTrue(command.contains("-Dstorm.jar=" + jar), command::toString);
        assertTrue(command.contains("-Dstorm.conf.file="
                + layout.directory().resolve("storm/client.yaml")), command::toString);
        assertEquals(List.of("com.example.Main", "name", "file"),
                command.subList(command.size() - 3, command.size()));
    }

    @Test
    void aKillDeactivatesTheTopologyForTheGivenSecondsFirst() throws IOException {
        ClusterLayout layout = layout();
        List<String> command = StormClient.kill(layout, "ysb", Duration.ofSeconds(30));
        assertEquals(List.of("org.apache.storm.command.KillTopology", "-w", "30", "ysb"),
                command.subList(command.size() - 4, command.size()));
        assertEquals(layout.engineClasspath("storm"), command.get(command.indexOf("-cp") + 1));
    }

    @Test
    void aListedTopologyIsFoundByItsRowNotByAPrefixOfAnotherName() {
        String list = """
                Topology_name        Status     Num_tasks  Num_workers  Uptime_secs  \
                Topology_Id          Owner
                ---------------------------------------------------------------------------
                ysb-2                ACTIVE     16         2            12           \
                ysb-2-1-1795742085   root
                """;
        assertTrue(StormClient.lists(list, "ysb-2"));
        assertFalse(StormClient.lists(list, "ysb"));
        assertFalse(StormClient.lists("No topologies running.\n", "ysb"));
    }

    /** The value of the line of {@code file} that starts with {@code key}. */
    private static String setting(Path file, String key) throws IOException {
        return Files.readAllLines(file).stream().filter(line -> line.startsWith(key))
                .map(line -> line.substring(key.length())).findFirst()
                .orElseThrow(() -> new AssertionError(file + " has no " + key));
    }

    private static Path readLink(Path link) {
        try {
            return Files.readSymbolicLink(link);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
