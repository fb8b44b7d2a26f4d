package org.cloudprofiler.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.cloudprofiler.netns.NetworkNode;

/**
 * Where the local cluster's parts go: node 0 runs the engines' coordinators (ZooKeeper, Nimbus,
 * the Flink JobManager, Kafka) and the generator, nodes 1 to N-1 their workers (Storm
 * Supervisors, Flink TaskManagers), so that a run's hops between the generator, the sources and
 * the operators cross nodes. Every profiled process of node {@code i} logs as node
 * {@code node-i} under its engine's {@link #logDirectory(String)}, so that each engine's runs
 * are analysed apart.
 *
 * @param nodes the nodes, at least two
 * @param hostIp the root namespace's address on the nodes' network (the sync server's)
 * @param directory the cluster's own directory: configuration, state, process logs
 * @param repository the checkout the cluster starts from: its built jars and the engines' class
 *     paths ({@code engines/<engine>/target/classpath.txt}, written by {@code make build})
 * @param javaBinary the {@code java} every process runs on
 */
public record ClusterLayout(List<NetworkNode> nodes, String hostIp, Path directory,
        Path repository, Path javaBinary) {

    public ClusterLayout {
        nodes = List.copyOf(nodes);
        if (nodes.size() < 2) {
            throw new IllegalArgumentException("a cluster needs at least 2 nodes, not "
                    + nodes.size());
        }
    }

    /** Node 0: the coordinators' and the generator's. */
    public NetworkNode coordinator() {
        return nodes.get(0);
    }

    /** Nodes 1 to N-1: the engines' workers. */
    public List<NetworkNode> workers() {
        return nodes.subList(1, nodes.size());
    }

    /** The id a node's profiled processes log under ({@code CP_NODE_ID}), e.g. "node-1". */
    public static String nodeId(NetworkNode node) {
        return "node-" + node.index();
    }

    /** Where the profiling logs of every engine go, one directory per engine. */
    public Path logDirectory() {
        return directory.resolve("logs");
    }

    /**
     * Where the profiled processes of {@code engine} log ({@code CP_LOG_DIR}), one directory per
     * node id in it; the generator that feeds the engine logs its sends there too.
     */
    public Path logDirectory(String engine) {
        return logDirectory().resolve(engine);
    }

    /** The environment that makes a process on {@code node} log as that node for an engine. */
    public Map<String, String> profilingEnvironment(NetworkNode node, String engine) {
        return Map.of("CP_LOG_DIR", logDirectory(engine).toString(), "CP_NODE_ID",
                nodeId(node));
    }

    /** An engine's directory for its configuration and data, created if missing. */
    public Path engineDirectory(String engine) throws IOException {
        return Files.createDirectories(directory.resolve(engine));
    }

    /** Where the build lists an engine's jars: {@code engines/<engine>/target/classpath.txt}. */
    public static Path engineClasspathFile(Path repository, String engine) {
        return repository.resolve("engines").resolve(engine).resolve("target")
                .resolve("classpath.txt");
    }

    /**
     * The class path of an engine's own jars, from the Maven repository ({@code make build}
     * writes it); the engine's processes start on it and nothing else.
     *
     * @throws IOException naming the file and the fix if it is missing
     */
    public String engineClasspath(String engine) throws IOException {
        Path file = engineClasspathFile(repository, engine);
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " is missing: the " + engine + " jars are listed there"
                    + " by the build; run 'make build' in " + repository);
        }
        return Files.readString(file).strip();
    }
}
