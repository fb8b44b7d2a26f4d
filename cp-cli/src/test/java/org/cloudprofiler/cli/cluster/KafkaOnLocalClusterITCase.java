package org.cloudprofiler.cli.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.cloudprofiler.netns.NetworkNamespaces;
import org.cloudprofiler.netns.NetworkNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * The local cluster's Kafka as {@link KafkaCluster} starts it, from the Maven jars: three nodes
 * (network namespaces as root, else loopback nodes; {@code -Dcloudprofiler.test.netns=off}
 * forces those), the server on node 0, a producer process on the last worker node, a consumer
 * here in the root namespace (through the nodes' bridge, or the loopback). Then the same cluster
 * directory up again on nodes built anew: the records are still there.
 */
class KafkaOnLocalClusterITCase {
    private static final String TOPIC = "local-cluster-records";
    private static final int RECORDS = 1_000;
    /** A guard against a hang only: how long one step may take. */
    private static final Duration STEP = Duration.ofMinutes(2);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final Duration STOP = Duration.ofSeconds(30);

    /** Under target/, and kept when the test fails: the processes' logs are there. */
    @TempDir(factory = UnderTarget.class, cleanup = CleanupMode.ON_SUCCESS)
    Path directory;

    @Test
    void recordsProducedOnAWorkerNodeAreConsumedAndOutliveARestart() throws Exception {
        Path cluster = directory.resolve("cluster");
        List<String> expected = IntStream.range(0, RECORDS).mapToObj(i -> "record-" + i)
                .toList();
        List<ProcessHandle> started = new ArrayList<>();
        // Closed in reverse: the server is stopped before its nodes are removed.
        try (NetworkNamespaces network = NetworkNamespaces.create(3);
                StartedServer server = StartedServer.start(layout(network, cluster), started)) {
            System.out.printf("KafkaOnLocalClusterITCase: %s; first start (with the format)"
                    + " to ready %.1f s%n", network, server.startToReadySeconds());
            NetworkNode producerNode = network.node(network.size() - 1);
            produce(server.layout(), producerNode);
            assertEquals(expected, consume(server.layout(), "first-reader"));
        }
        assertNothingRuns(started);

        try (NetworkNamespaces network = NetworkNamespaces.create(3);
                StartedServer server = StartedServer.start(layout(network, cluster), started)) {
            System.out.printf("KafkaOnLocalClusterITCase: %s; second start to ready %.1f s%n",
                    network, server.startToReadySeconds());
            assertEquals(expected, consume(server.layout(), "second-reader"));
        }
        assertNothingRuns(started);
    }

    /** Runs {@link KafkaRecordsProducer} in {@code node}; fails unless it exits 0. */
    private void produce(ClusterLayout layout, NetworkNode node) throws Exception {
        Path log = directory.resolve("producer.log");
        Process producer = new ProcessBuilder(node.command(List.of(
                layout.javaBinary().toString(), "-cp", System.getProperty("java.class.path"),
                KafkaRecordsProducer.class.getName(), KafkaCluster.bootstrapServers(layout),
                TOPIC, Integer.toString(RECORDS))))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            assertTrue(producer.waitFor(STEP.toMillis(), TimeUnit.MILLISECONDS),
                    () -> "the producer on " + node + " did not end:\n" + read(log));
            assertEquals(0, producer.exitValue(), () -> "the producer on " + node
                    + " failed:\n" + read(log));
        } finally {
            producer.destroyForcibly();
        }
    }

    /** The topic's values from its start, as a new consumer group reads them here. */
    private static List<String> consume(ClusterLayout layout, String group) {
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaCluster.bootstrapServers(layout),
                ConsumerConfig.GROUP_ID_CONFIG, group,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                        StringDeserializer.class.getName()))) {
            consumer.subscribe(List.of(TOPIC));
            long deadlineNs = System.nanoTime() + STEP.toNanos();
            while (values.size() < RECORDS && System.nanoTime() - deadlineNs < 0) {
                for (ConsumerRecord<String, String> record : consumer.poll(POLL)) {
                    values.add(record.value());
                }
            }
        }
        return values;
    }

    private static void assertNothingRuns(List<ProcessHandle> started) {
        for (ProcessHandle process : started) {
            assertTrue(!process.isAlive() && process.descendants().findAny().isEmpty(),
                    () -> "left running: " + process.info());
        }
    }

    private static ClusterLayout layout(NetworkNamespaces network, Path cluster) {
        return new ClusterLayout(network.nodes(), network.hostIp(), cluster,
                Path.of("..").toAbsolutePath().normalize(),
                Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    /** Test directories in the module's target/ rather than in the machine's shared /tmp. */
    static final class UnderTarget implements TempDirFactory {
        @Override
        public Path createTempDirectory(AnnotatedElementContext element,
                ExtensionContext context) throws IOException {
            return Files.createTempDirectory(Files.createDirectories(Path.of("target")),
                    "kafka-on-local-cluster-");
        }
    }

    /**
     * {@link KafkaCluster}'s processes started in their nodes and waited for, their output in
     * {@code <cluster>/processes/<name>.log}; {@link #close()} stops them and fails if one
     * survives. The test's stand-in for the cluster's own process management.
     */
    private static final class StartedServer implements AutoCloseable {
        private final ClusterLayout layout;
        private final List<Process> processes = new ArrayList<>();
        private double startToReadySeconds;

        private StartedServer(ClusterLayout layout) {
            this.layout = layout;
        }

        static StartedServer start(ClusterLayout layout, List<ProcessHandle> started)
                throws Exception {
            StartedServer server = new StartedServer(layout);
            try {
                long startNs = System.nanoTime();
                for (ClusterProcess spec : new KafkaCluster().processes(layout)) {
                    Process process = server.start(spec);
                    started.add(process.toHandle());
                    server.awaitReady(spec, process);
                }
                server.startToReadySeconds = (System.nanoTime() - startNs) / 1e9;
            } catch (Exception | AssertionError e) {
                server.close();
                throw e;
            }
            return server;
        }

        ClusterLayout layout() {
            return layout;
        }

        /** From asking for the processes (so the format included) to the last one ready. */
        double startToReadySeconds() {
            return startToReadySeconds;
        }

        private Process start(ClusterProcess spec) throws IOException {
            Files.createDirectories(log(spec).getParent());
            ProcessBuilder builder = new ProcessBuilder(spec.node().command(spec.command()))
                    .redirectErrorStream(true).redirectOutput(log(spec).toFile());
            builder.environment().putAll(spec.environment());
            Process process = builder.start();
            processes.add(process);
            return process;
        }

        private void awaitReady(ClusterProcess spec, Process process) throws Exception {
            long deadlineNs = System.nanoTime() + STEP.toNanos();
            while (true) {
                assertTrue(process.isAlive(), () -> spec.name() + " exited before "
                        + spec.readiness().describe() + ":\n" + read(log(spec)));
                try {
                    if (spec.readiness().ready()) {
                        return;
                    }
                } catch (IOException notYet) {
                    // Asked again below.
                }
                assertTrue(System.nanoTime() - deadlineNs < 0, () -> "no "
                        + spec.readiness().describe() + " within " + STEP + ":\n"
                        + read(log(spec)));
                Thread.sleep(POLL.toMillis());
            }
        }

        private Path log(ClusterProcess spec) {
            return layout.directory().resolve("processes").resolve(spec.name() + ".log");
        }

        /** SIGTERM, then SIGKILL to what is still there after {@link #STOP}: none may be. */
        @Override
        public void close() {
            for (Process process : processes) {
                process.destroy();
            }
            List<String> survivors = new ArrayList<>();
            for (Process process : processes) {
                Process exited = process.onExit().completeOnTimeout(null, STOP.toMillis(),
                        TimeUnit.MILLISECONDS).join();
                if (exited == null) {
                    survivors.add(process.info().toString());
                    process.destroyForcibly().onExit().join();
                }
            }
            assertTrue(survivors.isEmpty(), () -> "did not stop on SIGTERM: " + survivors);
        }
    }
}
