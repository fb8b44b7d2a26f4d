package org.cloudprofiler.cluster;

import java.util.Map;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A user's producer on a node of the local cluster, for {@link KafkaOnLocalClusterITCase}: sends
 * {@code record-0} to {@code record-<count-1>} to a topic and exits 0 once the broker has them
 * all. Arguments: bootstrap servers, topic, count.
 */
public final class KafkaRecordsProducer {
    private KafkaRecordsProducer() {
    }

    public static void main(String[] args) throws Exception {
        String topic = args[1];
        int count = Integer.parseInt(args[2]);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, args[0],
                // Within the test's step: a broker that does not answer ends the run with an
                // exception in its output rather than with a timeout of the test.
                ProducerConfig.MAX_BLOCK_MS_CONFIG, "60000",
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "60000",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()))) {
            for (int i = 0; i < count; i++) {
                // get(): a record the broker refused ends the run with its exception.
                producer.send(new ProducerRecord<>(topic, "record-" + i)).get();
            }
        }
        System.out.println("produced " + count + " records to " + topic);
    }
}
