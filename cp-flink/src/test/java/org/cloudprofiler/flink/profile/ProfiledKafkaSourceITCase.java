package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.flink.kafka.ProfiledKafkaDeserializer;
import org.cloudprofiler.flink.testing.JobLogs;
import org.cloudprofiler.probe.PartitionOffsetIds;
import org.cloudprofiler.testing.InProcessKafka;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A KafkaSource with the profiled deserializer, in a profiled job on a MiniCluster of
 * parallelism 2 reading a topic of two partitions, its deserializer making two records of each
 * Kafka record: the first is logged as it enters under its Kafka record's {@code partition << 48
 * | offset}, the second as its fan-out under an id minted at the source, and both again past a
 * keyed exchange.
 */
@Timeout(180) // A guard against a hang only: nothing here is timed.
class ProfiledKafkaSourceITCase {
    private static final int PARALLELISM = 2;
    private static final int RECORDS = 2_000;

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(PARALLELISM)
                    .setConfiguration(new Configuration()).build());

    @Test
    void everyKafkaRecordIsLoggedOnceUnderItsPartitionAndOffset() throws Exception {
        try (InProcessKafka kafka = InProcessKafka.start()) {
            kafka.createTopic("profiled-kafka", 2);
            Map<Long, Long> produced = produce(kafka.bootstrapServers());

            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setParallelism(PARALLELISM);
            KafkaSource<String> source = KafkaSource.<String>builder()
                    .setBootstrapServers(kafka.bootstrapServers()).setTopics("profiled-kafka")
                    .setGroupId("profiled-kafka").setStartingOffsets(OffsetsInitializer.earliest())
                    .setBounded(OffsetsInitializer.latest())
                    .setDeserializer(ProfiledKafkaDeserializer.of(new EachValueTwice()))
                    .build();
            env.fromSource(source, WatermarkStrategy.noWatermarks(), "pk-source").uid("pk-source")
                    .keyBy(value -> value.length())
                    .map(value -> value.toUpperCase()).uid("pk-upper")
                    .sinkTo(new DiscardingSink<>()).uid("pk-sink");

            CloudProfilerFlink.profile(env).execute("profiled-kafka");

            // Two records of each Kafka record: the first under its id, the second its
            // fan-out, under an id minted at the source and tied to it by a lineage record.
            List<long[]> lineage = JobLogs.records("pk-source", PARALLELISM,
                    ProbePoint.LINEAGE);
            Map<Long, Long> furtherOutputs = new HashMap<>();
            Map<Long, Long> once = new HashMap<>(produced);
            for (long[] record : lineage) {
                furtherOutputs.merge(record[1], 1L, Long::sum);
                assertEquals(null, once.put(record[0], 1L), "a minted id used twice");
            }
            assertEquals(produced, furtherOutputs);
            assertEquals(once, JobLogs.idCounts("pk-source", PARALLELISM, ProbePoint.IN));
            assertEquals(once, JobLogs.idCounts("pk-upper", PARALLELISM, ProbePoint.IN));
            assertEquals(once, JobLogs.idCounts("pk-sink", PARALLELISM, ProbePoint.IN));
        }
    }

    /** Makes two records of each Kafka record's value. */
    private static final class EachValueTwice implements KafkaRecordDeserializationSchema<String> {
        private static final long serialVersionUID = 1L;

        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<String> out) {
            String value = new String(record.value(), StandardCharsets.UTF_8);
            out.collect(value);
            out.collect(value + " again");
        }

        @Override
        public TypeInformation<String> getProducedType() {
            return Types.STRING;
        }
    }

    /** Sends RECORDS values over both partitions; each record's id, once. */
    private static Map<Long, Long> produce(String bootstrapServers) throws Exception {
        Properties config = new Properties();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class.getName());
        Map<Long, Long> ids = new HashMap<>();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            for (int i = 0; i < RECORDS; i++) {
                RecordMetadata sent = producer.send(new ProducerRecord<>("profiled-kafka",
                        i % 2, null, "value " + "x".repeat(i % 7))).get();
                ids.put(PartitionOffsetIds.id(sent.partition(), sent.offset()), 1L);
            }
        }
        return ids;
    }
}
