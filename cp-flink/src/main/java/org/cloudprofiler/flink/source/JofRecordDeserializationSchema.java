package org.cloudprofiler.flink.source;

import java.io.IOException;
import java.io.Serializable;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.util.Collector;

/**
 * Turns JOF records into what a {@link JofSource} emits, as flink-connector-kafka's
 * {@code KafkaRecordDeserializationSchema} does for Kafka records. It runs on the JOF receiver
 * threads, off the task thread, so that the source's task only hands ready records on: each
 * receiver has its own copy (a Java-serialization copy of the configured schema), opened once
 * and called from that receiver's thread alone, so a schema need not be thread-safe. It also
 * runs for buckets that a full queue then drops. A schema that throws loses the record's whole
 * bucket, counted as rejected ({@code ASSEMBLY_FAILED}) in the source's JOF counts and
 * {@code drops.json}; it does not fail the job.
 *
 * @param <T> what the source emits
 */
public interface JofRecordDeserializationSchema<T> extends Serializable, ResultTypeQueryable<T> {

    /** Readies this copy, on the reader's side, before its receiver starts. */
    default void open(DeserializationSchema.InitializationContext context) throws Exception {}

    /**
     * Collects what {@code record} becomes: nothing, one or several records, each a new object
     * (the source may still hold earlier ones), never null.
     */
    void deserialize(JofRecord record, Collector<T> out) throws IOException;

    /** Emits each record's value as it is, as {@code type}: {@code byte[]} for raw payloads. */
    static <V> JofRecordDeserializationSchema<V> valueOnly(Class<V> type) {
        return new ValueOnlyDeserializationSchema<>(TypeInformation.of(type));
    }
}
