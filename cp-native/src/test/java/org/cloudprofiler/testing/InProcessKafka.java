package org.cloudprofiler.testing;

import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/** A single KRaft broker in this JVM, for tests: start, create topics, close. Not thread-safe. */
public final class InProcessKafka implements AutoCloseable {
    private final KafkaClusterTestKit kafka;

    private InProcessKafka(KafkaClusterTestKit kafka) {
        this.kafka = kafka;
    }

    /** Formats, starts and waits for one combined broker and controller. */
    public static InProcessKafka start() throws Exception {
        KafkaClusterTestKit kafka = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setCombined(true).setNumBrokerNodes(1).setNumControllerNodes(1).build())
                // One broker cannot hold the default three replicas of the internal topics.
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        try {
            kafka.format();
            kafka.startup();
            kafka.waitForReadyBrokers();
        } catch (Exception e) {
            kafka.close();
            throw e;
        }
        return new InProcessKafka(kafka);
    }

    public String bootstrapServers() {
        return kafka.bootstrapServers();
    }

    /** Creates {@code topic} with {@code partitions} partitions of one replica. */
    public void createTopic(String topic, int partitions) throws Exception {
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
        }
    }

    /** Deletes {@code topic} and waits until the broker has. */
    public void deleteTopic(String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()))) {
            admin.deleteTopics(List.of(topic)).all().get();
        }
    }

    @Override
    public void close() throws Exception {
        kafka.close();
    }
}
