package org.cloudprofiler.storm.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.kafka.spout.FirstPollOffsetStrategy;
import org.apache.storm.kafka.spout.KafkaSpout;
import org.apache.storm.kafka.spout.KafkaSpoutConfig;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogSummary;
import org.cloudprofiler.storm.ProfiledTopologyBuilder;
import org.cloudprofiler.storm.RunEndSignal;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.testing.SinkBolt;
import org.cloudprofiler.storm.tupleid.PartitionOffsetTupleIdExtractor;
import org.cloudprofiler.testing.InProcessKafka;
import org.junit.jupiter.api.Test;

/**
 * An unchanged storm-kafka-client KafkaSpout, profiled, reading from an in-process broker on a
 * LocalCluster: every record it consumes is logged once, at the spout and at the bolt, under the
 * id {@code partition << 48 | offset}.
 */
class ProfiledKafkaSpoutITCase {

    private static final String NAME = "profiled-kafka-it";
    private static final String TOPIC = "events";
    private static final int PARTITIONS = 2;
    private static final int RECORDS = 300;

    @Test
    @SuppressWarnings("try") // The cluster's and broker's close() may throw InterruptedException.
    void everyConsumedRecordIsLoggedOnceUnderItsPartitionAndOffset() throws Exception {
        List<Long> produced;
        try (InProcessKafka kafka = InProcessKafka.start()) {
            kafka.createTopic(TOPIC, PARTITIONS);
            produced = produce(kafka.bootstrapServers());

            ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
            KafkaSpoutConfig<String, String> spoutConfig =
                    KafkaSpoutConfig.builder(kafka.bootstrapServers(), TOPIC)
                            .setGroupId("profiled-kafka-it")
                            .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.EARLIEST)
                            .build();
            builder.setSpout("kafka", new ProfiledKafkaSpout(new KafkaSpout<>(spoutConfig),
                    RunEndSignal.afterEmitted(RECORDS)), 1);
            builder.setBolt("consume", new SinkBolt(), 2).shuffleGrouping("kafka");
            Config conf = new Config();
            conf.setNumAckers(1);

            try (LocalCluster cluster = new LocalCluster()) {
                cluster.submitTopology(NAME, conf, builder.createTopology());
                assertTrue(LocalRunMonitor.awaitRunEnd(NAME, Duration.ofSeconds(120)),
                        () -> "the run did not end: " + LocalRunMonitor.progress(NAME));
            }
        }

        Map<Long, Long> eachOnce = produced.stream()
                .collect(Collectors.toMap(Function.identity(), id -> 1L));
        assertEquals(RECORDS, eachOnce.size());
        assertEquals(eachOnce, ProfileLogs.idCounts("kafka", "in"));
        assertEquals(eachOnce, ProfileLogs.idCounts("consume", "in"));
        for (String component : List.of("kafka", "consume")) {
            for (Path file : ProfileLogs.files(component)) {
                LogSummary summary = LogReader.scan(file);
                assertFalse(summary.hasProblems(), () -> file + ": " + summary.problems());
            }
        }
    }

    /** Sends the records and returns their ids, {@code partition << 48 | offset}. */
    private static List<Long> produce(String bootstrapServers) throws Exception {
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < RECORDS; i++) {
                sent.add(producer.send(new ProducerRecord<>(TOPIC, i % PARTITIONS, "k" + i,
                        "v" + i)));
            }
        }
        List<Long> ids = new ArrayList<>();
        for (Future<RecordMetadata> record : sent) {
            ids.add(PartitionOffsetTupleIdExtractor.id(record.get().partition(),
                    record.get().offset()));
        }
        return ids;
    }
}
