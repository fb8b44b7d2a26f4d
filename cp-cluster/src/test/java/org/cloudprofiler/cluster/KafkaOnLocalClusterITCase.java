package org.cloudprofiler.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.cloudprofiler.cluster.ClusterState.RecordedProcess;
import org.cloudprofiler.cluster.Polling.Observation;
import org.cloudprofiler.netns.NetworkNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * The local cluster's Kafka as {@link KafkaCluster} says and {@link LocalCluster} starts it, from
 * the Maven jars: three nodes (network namespaces as root, else loopback nodes;
 * {@code -Dcloudprofiler.test.netns=off} forces those), the server on node 0, a producer process
 * on the last worker node, a consumer here in the root namespace (through the nodes' bridge, or
 * the loopback). Then the cluster down and up again in the same directory: the records are still
 * there.
 */
@Tag("multi-process-cluster")
class KafkaOnLocalClusterITCase {
    private static final String TOPIC = "local-cluster-records";
    private static final int RECORDS = 1_000;
    private static final int NODES = 3;
    /** A guard against a hang only: how long one step may take. */
    private static final Duration STEP = Duration.ofMinutes(2);
    private static final Duration POLL = Duration.ofMillis(100);

    /** Under target/, and kept when the test fails: the processes' logs are there. */
    @TempDir(factory = UnderTarget.class, cleanup = CleanupMode.ON_SUCCESS)
    Path directory;

    /** Every process the cluster started, to check that none is left. */
    private final List<ProcessHandle> started = new ArrayList<>();

    @Test
    void recordsProducedOnAWorkerNodeAreConsumedAndOutliveARestart() throws Exception {
        Path cluster = directory.resolve("cluster");
        List<String> expected = IntStream.range(0, RECORDS).mapToObj(i -> "record-" + i)
                .toList();

        LocalCluster first = up(cluster, "first start (with the format)");
        try {
            ClusterLayout layout = first.layout();
            first.run(producer(layout, layout.nodes().get(NODES - 1)), STEP);
            assertEquals(expected, consume(layout, "first-reader"));
        } finally {
            first.tearDown();
        }
        assertNothingRuns();

        LocalCluster second = up(cluster, "second start");
        try {
            assertEquals(expected, consume(second.layout(), "second-reader"));
        } finally {
            second.tearDown();
        }
        assertNothingRuns();
    }

    /** A cluster of Kafka alone in {@code cluster}, its server ready; torn down if it is not. */
    private LocalCluster up(Path cluster, String which) throws Exception {
        LocalCluster local = LocalCluster.create(cluster, NODES, true, List.of("kafka"),
                Path.of("..").toAbsolutePath().normalize());
        try {
            long startNs = System.nanoTime();
            for (ClusterProcess process : new KafkaCluster().processes(local.layout())) {
                RecordedProcess recorded = local.start(process);
                recorded.handle().ifPresent(started::add);
                local.awaitReady(process, recorded, STEP);
            }
            System.out.printf("KafkaOnLocalClusterITCase: %s; %s to ready %.1f s%n",
                    local.describeNodes(), which, (System.nanoTime() - startNs) / 1e9);
            return local;
        } catch (Exception e) {
            local.tearDown();
            throw e;
        }
    }

    /** {@link KafkaRecordsProducer} on {@code node}: a user's producer there. */
    private static ClusterProcess producer(ClusterLayout layout, NetworkNode node) {
        return new ClusterProcess("producer", node, List.of(layout.javaBinary().toString(),
                "-cp", System.getProperty("java.class.path"),
                KafkaRecordsProducer.class.getName(), KafkaCluster.bootstrapServers(layout),
                TOPIC, Integer.toString(RECORDS)), Map.of(), Readiness.started());
    }

    /** The topic's values from its start, as a new consumer group reads them here. */
    private static List<String> consume(ClusterLayout layout, String group) throws Exception {
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaCluster.bootstrapServers(layout),
                ConsumerConfig.GROUP_ID_CONFIG, group,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                        StringDeserializer.class.getName()))) {
            consumer.subscribe(List.of(TOPIC));
            // The consumer's poll waits for records itself: no pause between two looks.
            return Polling.await(group + " did not read " + RECORDS + " records of " + TOPIC,
                    STEP, Duration.ZERO, () -> {
                        for (ConsumerRecord<String, String> record : consumer.poll(POLL)) {
                            values.add(record.value());
                        }
                        return values.size() >= RECORDS ? Observation.found(values)
                                : Observation.notYet(values.size() + " read");
                    });
        }
    }

    private void assertNothingRuns() {
        for (ProcessHandle process : started) {
            assertTrue(!process.isAlive() && process.descendants().findAny().isEmpty(),
                    () -> "left running: " + process.info());
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
}
