package org.cloudprofiler.storm.jof;

import java.util.Arrays;
import java.util.List;

import org.apache.storm.tuple.Fields;
import org.apache.storm.utils.Utils;

/**
 * KafkaSpout's default layout, so that a topology written for KafkaSpout runs unchanged:
 * {@code topic, partition, offset, key, value} on the default stream, where {@code partition}
 * is the JOF receiver, {@code offset} the tuple id, {@code key} null and {@code value} the
 * deserialized object. Stateless.
 */
public final class DefaultJofRecordTranslator implements JofRecordTranslator {
    private static final long serialVersionUID = 1L;

    /** The fields, in KafkaSpout's {@code DefaultRecordTranslator} order. */
    public static final Fields FIELDS = new Fields("topic", "partition", "offset", "key", "value");

    @Override
    public List<Object> apply(JofRecord record) {
        return Arrays.asList(record.topic(), record.receiver(), record.tupleId(), null,
                record.value());
    }

    @Override
    public String streamFor(JofRecord record) {
        return Utils.DEFAULT_STREAM_ID;
    }

    @Override
    public List<StreamDeclaration> streams() {
        return List.of(new StreamDeclaration(Utils.DEFAULT_STREAM_ID, FIELDS));
    }
}
