package org.cloudprofiler.examples.ysb.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.cloudprofiler.generator.ysb.AdEvent;

/**
 * Writes ad events to a Kafka topic as the Yahoo streaming benchmark's JSON, for the YSB
 * topology fed by KafkaSpout and the YSB job fed by KafkaSource. Stateless.
 */
public final class YsbKafkaFeed {

    private YsbKafkaFeed() {}

    /**
     * Sends {@code events} to {@code topic}, event {@code i} to partition {@code i mod
     * partitions}, and waits until the broker has them all.
     *
     * @return where each event went (its partition and offset), in the order of {@code events}
     */
    public static List<RecordMetadata> send(String bootstrapServers, String topic, int partitions,
            List<AdEvent> events) throws InterruptedException, ExecutionException {
        List<Future<RecordMetadata>> sent = new ArrayList<>(events.size());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.LINGER_MS_CONFIG, 5), new StringSerializer(),
                new StringSerializer())) {
            for (int i = 0; i < events.size(); i++) {
                sent.add(producer.send(new ProducerRecord<>(topic, i % partitions, null,
                        AdEventJson.write(events.get(i)))));
            }
        }
        List<RecordMetadata> written = new ArrayList<>(sent.size());
        for (Future<RecordMetadata> record : sent) {
            written.add(record.get());
        }
        return written;
    }
}
