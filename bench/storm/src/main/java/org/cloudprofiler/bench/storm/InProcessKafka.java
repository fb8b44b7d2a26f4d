package org.cloudprofiler.bench.storm;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * A single Kafka broker (combined with its controller) in this JVM, started once per benchmark;
 * each run creates its own topic and deletes it afterwards, so the broker's log stays small.
 * Not thread-safe.
 */
// Closing waits for Storm or Kafka and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
final class InProcessKafka implements AutoCloseable {
    private final KafkaClusterTestKit kit;
    private final Admin admin;

    private InProcessKafka(KafkaClusterTestKit kit) {
        this.kit = kit;
        this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                kit.bootstrapServers()));
    }

    static InProcessKafka start() throws Exception {
        KafkaClusterTestKit kit = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setCombined(true).setNumBrokerNodes(1).setNumControllerNodes(1).build())
                // One broker cannot hold the default three replicas of the internal topics.
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        try {
            kit.format();
            kit.startup();
            kit.waitForReadyBrokers();
            return new InProcessKafka(kit);
        } catch (Exception | Error e) {
            kit.close();
            throw e;
        }
    }

    String bootstrapServers() {
        return kit.bootstrapServers();
    }

    void createTopic(String topic, int partitions) throws Exception {
        admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
    }

    void deleteTopic(String topic) throws Exception {
        admin.deleteTopics(Set.of(topic)).all().get();
    }

    @Override
    public void close() throws Exception {
        try {
            admin.close();
        } finally {
            kit.close();
        }
    }
}
