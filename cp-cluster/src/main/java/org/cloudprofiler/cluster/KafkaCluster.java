package org.cloudprofiler.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.cloudprofiler.netns.NetworkNode;

/**
 * The local cluster's Kafka: one KRaft server on node 0, broker and controller at once, started
 * from the Maven jars of {@code engines/kafka}. Clients (the engines' KafkaSpout and KafkaSource,
 * a user's producer) reach the broker at {@link #bootstrapServers}; the controller listens on a
 * port of its own that only the server uses. Configuration and data live in the cluster's
 * {@code kafka} directory; the data is formatted before the first start only, so a kept cluster
 * keeps its topics from one {@code cluster up} to the next.
 */
public final class KafkaCluster implements ClusterEngine {
    /** The broker's port: Kafka's usual one (node 0's {@link NetworkNode#port} of it). */
    static final int BROKER_PORT = 9092;
    /** The KRaft controller's port, for the server itself. */
    static final int CONTROLLER_PORT = 9093;

    /** The server's heap: ample for the few topics of a profiling run (Kafka's scripts: 1 GB). */
    static final int HEAP_MB = 256;

    private static final String NAME = "kafka";
    private static final String BROKER_MAIN_CLASS = "kafka.Kafka";
    private static final int NODE_ID = 1;
    /**
     * The log cleaner's map: 128 MB by default, half the heap, which left the old generation full
     * at idle; this holds the keys of the few compacted topics a run has.
     */
    private static final int LOG_CLEANER_MAP_MB = 16;

    @Override
    public String name() {
        return NAME;
    }

    /**
     * The Kafka server on node 0, its configuration written and its storage formatted first if it
     * never was (which runs Kafka's storage tool and waits for it).
     *
     * @throws IOException if the configuration cannot be written or the format fails
     */
    @Override
    public List<ClusterProcess> processes(ClusterLayout layout) throws IOException {
        Path directory = layout.engineDirectory(NAME);
        String classpath = layout.engineClasspath(NAME);
        Path configuration = directory.resolve("server.properties");
        try (OutputStream out = Files.newOutputStream(configuration)) {
            serverProperties(layout, dataDirectory(directory))
                    .store(out, "The local cluster's Kafka server (cloudprofiler cluster up)");
        }
        KafkaStorage.formatOnce(dataDirectory(directory), clusterId -> java(layout, classpath,
                // Its failure, not the configuration it logs at INFO, is what its log is for.
                List.of("-Dcloudprofiler.kafka.log.level=WARN"), KafkaStorage.MAIN_CLASS,
                "format", "--cluster-id", clusterId, "--config", configuration.toString()),
                directory.resolve("format.log"));
        NetworkNode node = layout.coordinator();
        // Kafka 4's broker opens its listener only once it is registered, caught up and
        // unfenced: a connection accepted there means it takes produce and fetch requests.
        List<String> server = java(layout, classpath, List.of(), BROKER_MAIN_CLASS,
                configuration.toString());
        return List.of(new ClusterProcess(NAME, node, server, Map.of(),
                Readiness.tcpPort(node.ip(), node.port(BROKER_PORT))));
    }

    @Override
    public List<String> addresses(ClusterLayout layout) {
        return List.of("Kafka bootstrap servers: " + bootstrapServers(layout)
                + " (broker and KRaft controller on " + layout.coordinator() + ")");
    }

    /** The broker's address for clients ({@code bootstrap.servers}), on node 0. */
    public static String bootstrapServers(ClusterLayout layout) {
        return address(layout.coordinator(), BROKER_PORT);
    }

    /**
     * The server's configuration: both roles, listeners on node 0's address only, one replica of
     * everything.
     */
    static Properties serverProperties(ClusterLayout layout, Path dataDirectory) {
        NetworkNode node = layout.coordinator();
        String broker = address(node, BROKER_PORT);
        String controller = address(node, CONTROLLER_PORT);
        Properties properties = new Properties();
        properties.setProperty("process.roles", "broker,controller");
        properties.setProperty("node.id", Integer.toString(NODE_ID));
        // A static quorum: its voter's address is read from here at every start, not kept in the
        // formatted storage, so a kept cluster also starts when node 0's address changed.
        properties.setProperty("controller.quorum.voters", NODE_ID + "@" + controller);
        properties.setProperty("listeners",
                "PLAINTEXT://" + broker + ",CONTROLLER://" + controller);
        properties.setProperty("advertised.listeners", "PLAINTEXT://" + broker);
        properties.setProperty("controller.listener.names", "CONTROLLER");
        properties.setProperty("inter.broker.listener.name", "PLAINTEXT");
        properties.setProperty("listener.security.protocol.map",
                "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
        properties.setProperty("log.dirs", dataDirectory.toString());
        // One broker cannot hold the default three replicas of the internal topics.
        properties.setProperty("offsets.topic.replication.factor", "1");
        properties.setProperty("transaction.state.log.replication.factor", "1");
        properties.setProperty("transaction.state.log.min.isr", "1");
        properties.setProperty("share.coordinator.state.topic.replication.factor", "1");
        properties.setProperty("share.coordinator.state.topic.min.isr", "1");
        // Fewer internal partitions and no wait for more group members: a consumer group is
        // ready in a moment on two cores.
        properties.setProperty("offsets.topic.num.partitions", "1");
        properties.setProperty("group.initial.rebalance.delay.ms", "0");
        properties.setProperty("log.cleaner.dedupe.buffer.size",
                Integer.toString(LOG_CLEANER_MAP_MB << 20));
        return properties;
    }

    private static Path dataDirectory(Path engineDirectory) {
        return engineDirectory.resolve("data");
    }

    private static String address(NetworkNode node, int basePort) {
        return node.ip() + ":" + node.port(basePort);
    }

    /** {@code mainClass} of the Kafka jars, on a small heap, logging as engines/kafka says. */
    private static List<String> java(ClusterLayout layout, String classpath,
            List<String> jvmOptions, String mainClass, String... arguments) {
        Path logConfiguration = layout.repository().resolve(Path.of("engines", NAME,
                "log4j2.properties"));
        List<String> command = new ArrayList<>(List.of(
                layout.javaBinary().toString(), "-Xmx" + HEAP_MB + "m",
                "-Dlog4j2.configurationFile=" + logConfiguration));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath, mainClass));
        command.addAll(List.of(arguments));
        return command;
    }
}
