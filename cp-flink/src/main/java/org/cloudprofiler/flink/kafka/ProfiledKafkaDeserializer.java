package org.cloudprofiler.flink.kafka;

import java.io.IOException;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.cloudprofiler.flink.profile.TupleIdRegister;
import org.cloudprofiler.probe.PartitionOffsetIds;

/**
 * A KafkaSource deserializer whose records carry their Kafka identity into a profiled job: each
 * record's tuple id is {@code partition << 48 | offset} ({@link PartitionOffsetIds}, as for
 * ProfiledKafkaSpout on Storm), set for the profiler just before the user's deserializer
 * collects what it makes of the record. Give it to {@code KafkaSource.builder().setDeserializer}
 * in place of the user's own:
 *
 * <pre>{@code
 * KafkaSource.<String>builder()...
 *         .setDeserializer(ProfiledKafkaDeserializer.of(
 *                 KafkaRecordDeserializationSchema.valueOnly(StringDeserializer.class)))
 * }</pre>
 *
 * <p>In a job that is not profiled it only delegates. KafkaSource calls it on the task thread.
 *
 * @param <T> what the user's deserializer makes
 */
public final class ProfiledKafkaDeserializer<T> implements KafkaRecordDeserializationSchema<T> {
    private static final long serialVersionUID = 1L;

    private final KafkaRecordDeserializationSchema<T> deserializer;
    private transient IdentifyingCollector<T> identifying;

    private ProfiledKafkaDeserializer(KafkaRecordDeserializationSchema<T> deserializer) {
        this.deserializer = deserializer;
    }

    /** {@code deserializer} with each record's tuple id given to the profiler. */
    public static <T> ProfiledKafkaDeserializer<T> of(
            KafkaRecordDeserializationSchema<T> deserializer) {
        if (deserializer == null) {
            throw new NullPointerException("deserializer");
        }
        return new ProfiledKafkaDeserializer<>(deserializer);
    }

    @Override
    public void open(DeserializationSchema.InitializationContext context) throws Exception {
        deserializer.open(context);
    }

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<T> out)
            throws IOException {
        if (identifying == null) {
            identifying = new IdentifyingCollector<>(TupleIdRegister.ofThisThread());
        }
        identifying.next(out, PartitionOffsetIds.id(record.partition(), record.offset()));
        deserializer.deserialize(record, identifying);
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return deserializer.getProducedType();
    }

    /**
     * Gives every record the user's deserializer collects from one Kafka record that record's
     * id, set just before each goes on (the profiled source takes the id in hand with it).
     */
    private static final class IdentifyingCollector<T> implements Collector<T> {
        private final TupleIdRegister register;
        private Collector<T> out;
        private long id;

        IdentifyingCollector(TupleIdRegister register) {
            this.register = register;
        }

        void next(Collector<T> out, long id) {
            this.out = out;
            this.id = id;
        }

        @Override
        public void collect(T record) {
            register.set(id);
            out.collect(record);
        }

        @Override
        public void close() {
            out.close();
        }
    }
}
