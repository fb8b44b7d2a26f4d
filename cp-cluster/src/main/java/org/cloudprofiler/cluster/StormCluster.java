package org.cloudprofiler.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.cloudprofiler.netns.NetworkNode;

/**
 * Storm 2.8 on the local cluster, from the Maven jars of {@code engines/storm}: ZooKeeper and
 * Nimbus on the coordinator node, a Supervisor with {@value #SLOTS_PER_SUPERVISOR} worker slots
 * on every worker node. Each daemon reads its own {@code storm.yaml} (its node's address as
 * {@code storm.local.hostname}, its own state and log directories); the Supervisors' workers
 * inherit their profiling environment. Files, under the cluster's {@code storm/} directory:
 * {@code home/} ({@link StormHome}), {@code zookeeper/}, {@code node-<i>/} (a daemon's
 * {@code storm.yaml}, {@code local/}, {@code logs/}) and {@code client.yaml} ({@link
 * StormClient}). A cluster made by {@link #profilingEveryTopology()} profiles every topology
 * submitted to it, unchanged, as a Storm cluster configured for it does (docs/storm.md): Nimbus
 * runs the profiler's topology validator, and Nimbus and the workers have the profiler's Storm
 * jar on their class paths.
 */
public final class StormCluster implements ClusterEngine {
    public static final String NAME = "storm";
    /** The profiler as a Storm cluster's {@code extlib/} takes it, where the build leaves it. */
    static final Path PROFILER_JAR = Path.of("cp-storm", "target", "cloudprofiler-storm.jar");
    /** Nimbus's key, and the profiler's validator that wraps every topology submitted. */
    static final String TOPOLOGY_VALIDATOR_KEY = "nimbus.topology.validator";
    static final String PROFILING_VALIDATOR =
            "org.cloudprofiler.storm.ProfilingTopologyValidator";
    /** Ports as Storm's defaults; each is {@link NetworkNode#port} of its node. */
    static final int ZOOKEEPER_PORT = 2181;
    static final int NIMBUS_PORT = 6627;
    static final int SUPERVISOR_PORT = 6628;
    static final int FIRST_SLOT_PORT = 6700;
    static final int SLOTS_PER_SUPERVISOR = 2;
    /** A Supervisor's process name, before its node's index. */
    private static final String SUPERVISOR = "storm-supervisor-";
    /** Small heaps: a two-core machine runs every daemon and worker of the cluster. */
    static final String ZOOKEEPER_HEAP = "-Xmx128m";
    static final String DAEMON_HEAP = "-Xmx256m";
    static final String WORKER_HEAP = "-Xmx384m";

    private final boolean profileEveryTopology;

    /** A cluster that profiles the topologies built to be profiled (ProfiledTopologyBuilder). */
    public StormCluster() {
        this(false);
    }

    private StormCluster(boolean profileEveryTopology) {
        this.profileEveryTopology = profileEveryTopology;
    }

    /**
     * A cluster whose Nimbus profiles every topology submitted ({@code nimbus.topology.validator}
     * of the profiler, its Storm jar in Nimbus's class path and the workers' {@code extlib/});
     * a topology opts out with {@code cloudprofiler.enabled: false} in its configuration.
     */
    public static StormCluster profilingEveryTopology() {
        return new StormCluster(true);
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * ZooKeeper, then Nimbus, then one Supervisor per worker node. ZooKeeper and Nimbus are up
     * once their ports accept; a Supervisor once its thrift port does, which it opens only after
     * its first heartbeat is in ZooKeeper, where Nimbus reads the supervisors it schedules on.
     */
    @Override
    public List<ClusterProcess> processes(ClusterLayout layout) throws IOException {
        Path directory = layout.engineDirectory(NAME);
        String classpath = layout.engineClasspath(NAME);
        List<Path> extlib = profileEveryTopology ? List.of(profilerJar(layout)) : List.of();
        StormHome home = StormHome.of(layout);
        home.create(classpath, extlib);
        NetworkNode coordinator = layout.coordinator();
        writeConfig(clientConfigFile(layout), coordinates(coordinator));

        List<ClusterProcess> processes = new ArrayList<>();
        processes.add(zookeeper(layout, directory.resolve("zookeeper"), classpath, home));
        Path nimbusDirectory =
                Files.createDirectories(directory.resolve(nodeDirectory(coordinator)));
        Map<String, Object> nimbusConfig = daemonConfig(layout, coordinator, nimbusDirectory);
        if (profileEveryTopology) {
            nimbusConfig.put(TOPOLOGY_VALIDATOR_KEY, PROFILING_VALIDATOR);
        }
        writeConfig(nimbusDirectory.resolve("storm.yaml"), nimbusConfig);
        // Nimbus's extlib-daemon/ in a Storm distribution: the validator runs in Nimbus.
        String nimbusClasspath = Stream.concat(Stream.of(classpath),
                extlib.stream().map(Path::toString)).collect(Collectors.joining(
                        File.pathSeparator));
        processes.add(new ClusterProcess("storm-nimbus", coordinator,
                daemonCommand(layout, nimbusClasspath, home, nimbusDirectory,
                        "org.apache.storm.daemon.nimbus.Nimbus"),
                Map.of(), Readiness.tcpPort(coordinator.ip(), coordinator.port(NIMBUS_PORT))));
        for (NetworkNode worker : layout.workers()) {
            Path nodeDirectory = Files.createDirectories(directory.resolve(nodeDirectory(worker)));
            Map<String, Object> config = daemonConfig(layout, worker, nodeDirectory);
            config.put("supervisor.slots.ports", slotPorts(layout, worker));
            config.put("supervisor.thrift.port", worker.port(SUPERVISOR_PORT));
            config.put("worker.childopts", WORKER_HEAP);
            writeConfig(nodeDirectory.resolve("storm.yaml"), config);
            Map<String, String> environment = new LinkedHashMap<>(
                    layout.profilingEnvironment(worker, NAME));
            // The Supervisor starts its workers' JVMs with $JAVA_HOME/bin/java.
            environment.put("JAVA_HOME", javaHome(layout).toString());
            processes.add(new ClusterProcess(SUPERVISOR + worker.index(), worker,
                    daemonCommand(layout, classpath, home, nodeDirectory,
                            "org.apache.storm.daemon.supervisor.Supervisor"),
                    environment, Readiness.tcpPort(worker.ip(), worker.port(SUPERVISOR_PORT))));
        }
        return processes;
    }

    /** Where Nimbus, ZooKeeper and the Supervisors are, and a submission's command line. */
    @Override
    public Optional<ClusterProcess> submission(ClusterLayout layout, Path jar, String mainClass,
            List<String> arguments) throws IOException {
        return Optional.of(new ClusterProcess("storm-submit", layout.coordinator(),
                StormClient.submit(layout, jar, mainClass, arguments), Map.of(),
                Readiness.started()));
    }

    @Override
    public List<String> addresses(ClusterLayout layout) {
        NetworkNode coordinator = layout.coordinator();
        Path classpath = ClusterLayout.engineClasspathFile(layout.repository(), NAME);
        List<String> addresses = new ArrayList<>(List.of(
                "Nimbus " + coordinator.ip() + ":" + coordinator.port(NIMBUS_PORT)
                        + " (nimbus.seeds), ZooKeeper " + coordinator.ip() + ":"
                        + coordinator.port(ZOOKEEPER_PORT),
                "Supervisors " + layout.workers().stream()
                        .map(node -> node.ip() + " slots " + slotPorts(layout, node))
                        .collect(Collectors.joining(", ")),
                "submit a topology: cloudprofiler cluster submit storm JAR CLASS [ARGS...] (or"
                        + " java -cp \"$(cat " + classpath + "):JAR\" -Dstorm.jar=JAR"
                        + " -Dstorm.conf.file=" + clientConfigFile(layout) + " CLASS ARGS...)"));
        if (profileEveryTopology) {
            addresses.add("every Storm topology submitted is profiled (" + TOPOLOGY_VALIDATOR_KEY
                    + ": " + PROFILING_VALIDATOR + "); one with cloudprofiler.enabled: false in"
                    + " its configuration is not");
        }
        return addresses;
    }

    /**
     * The profiler's Storm jar, which a cluster that profiles every topology cannot do without.
     *
     * @throws IOException naming the fix if it is not built
     */
    static Path profilerJar(ClusterLayout layout) throws IOException {
        Path jar = layout.repository().resolve(PROFILER_JAR);
        if (!Files.isRegularFile(jar)) {
            throw new IOException(jar + " is missing: the profiler's Storm jar is built there;"
                    + " run 'make build' in " + layout.repository());
        }
        return jar.toAbsolutePath();
    }

    /** Whether the cluster's process named {@code name} is one of Storm's Supervisors. */
    static boolean isSupervisor(String name) {
        return name.startsWith(SUPERVISOR);
    }

    /** The {@code storm.yaml} a client reads: where Nimbus and ZooKeeper are. */
    static Path clientConfigFile(ClusterLayout layout) {
        return layout.directory().resolve(NAME).resolve("client.yaml");
    }

    /**
     * The ports of a Supervisor's worker slots: {@value #FIRST_SLOT_PORT} and up, as many apart
     * as there are nodes, so that on the loopback (where {@link NetworkNode#port} adds the node's
     * index) no two Supervisors share one.
     */
    static List<Integer> slotPorts(ClusterLayout layout, NetworkNode node) {
        List<Integer> ports = new ArrayList<>();
        for (int slot = 0; slot < SLOTS_PER_SUPERVISOR; slot++) {
            ports.add(node.port(FIRST_SLOT_PORT + slot * layout.nodes().size()));
        }
        return ports;
    }

    /** A daemon's directory: its {@code storm.yaml}, state and logs. */
    static String nodeDirectory(NetworkNode node) {
        return ClusterLayout.nodeId(node);
    }

    private static ClusterProcess zookeeper(ClusterLayout layout, Path directory,
            String classpath, StormHome home) throws IOException {
        NetworkNode node = layout.coordinator();
        Path data = Files.createDirectories(directory.resolve("data"));
        Path config = directory.resolve("zoo.cfg");
        // Storm's shaded copy of ZooKeeper; no admin server (it would need Jetty and a port).
        Files.writeString(config, String.join("\n",
                "tickTime=2000",
                "dataDir=" + data,
                "clientPortAddress=" + node.ip(),
                "clientPort=" + node.port(ZOOKEEPER_PORT),
                "admin.enableServer=false",
                ""));
        List<String> command = List.of(layout.javaBinary().toString(), ZOOKEEPER_HEAP,
                "-cp", classpath, "-Dlog4j.configurationFile=" + home.clusterLogging(),
                "org.apache.storm.shade.org.apache.zookeeper.server.ZooKeeperServerMain",
                config.toString());
        return new ClusterProcess("storm-zookeeper", node, command, Map.of(),
                Readiness.tcpPort(node.ip(), node.port(ZOOKEEPER_PORT)));
    }

    private static List<String> daemonCommand(ClusterLayout layout, String classpath,
            StormHome home, Path nodeDirectory, String mainClass) {
        return List.of(layout.javaBinary().toString(), DAEMON_HEAP, "-cp", classpath,
                "-Dstorm.home=" + home.directory(),
                "-Dstorm.conf.file=" + nodeDirectory.resolve("storm.yaml"),
                "-Dstorm.log.dir=" + nodeDirectory.resolve("logs"),
                "-Dlog4j.configurationFile=" + home.clusterLogging(),
                mainClass);
    }

    /** What every daemon of the cluster is told: where ZooKeeper and Nimbus are. */
    private static Map<String, Object> coordinates(NetworkNode coordinator) {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("storm.zookeeper.servers", List.of(coordinator.ip()));
        config.put("storm.zookeeper.port", coordinator.port(ZOOKEEPER_PORT));
        config.put("nimbus.seeds", List.of(coordinator.ip()));
        config.put("nimbus.thrift.port", coordinator.port(NIMBUS_PORT));
        return config;
    }

    private static Map<String, Object> daemonConfig(ClusterLayout layout, NetworkNode node,
            Path nodeDirectory) {
        Map<String, Object> config = coordinates(layout.coordinator());
        // Peers reach a daemon (and its workers) by the address it advertises.
        config.put("storm.local.hostname", node.ip());
        config.put("storm.local.dir", nodeDirectory.resolve("local").toString());
        return config;
    }

    /** The JDK {@code layout.javaBinary()} belongs to: {@code <home>/bin/java}. */
    private static Path javaHome(ClusterLayout layout) {
        return layout.javaBinary().toAbsolutePath().getParent().getParent();
    }

    /** Writes {@code config} as YAML: one key per line, values in flow style. */
    private static void writeConfig(Path file, Map<String, Object> config) throws IOException {
        StringBuilder yaml = new StringBuilder("# Written by cloudprofiler cluster up.\n");
        config.forEach((key, value) -> yaml.append(key).append(": ").append(yamlValue(value))
                .append('\n'));
        Files.writeString(file, yaml);
    }

    private static String yamlValue(Object value) {
        if (value instanceof List<?> list) {
            return list.stream().map(StormCluster::yamlValue)
                    .collect(Collectors.joining(", ", "[", "]"));
        }
        if (value instanceof String text) {
            return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
        }
        return String.valueOf(value);
    }
}
