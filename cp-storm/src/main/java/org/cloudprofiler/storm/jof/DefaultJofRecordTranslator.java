package org.cloudprofiler.storm.jof;

import java.util.List;

import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.Utils;

/**
 * KafkaSpout's default layout, so that a topology written for KafkaSpout runs unchanged:
 * {@code topic, partition, offset, key, value} on the default stream, where {@code partition}
 * is the record's partition (unique across the spout's tasks, one ordered stream),
 * {@code offset} the tuple id (increasing within the partition), {@code key} null and
 * {@code value} the deserialized object. Stateless.
 */
public final class DefaultJofRecordTranslator implements JofRecordTranslator {
    private static final long serialVersionUID = 1L;

    /** The fields, in KafkaSpout's {@code DefaultRecordTranslator} order. */
    public static final Fields FIELDS = new Fields("topic", "partition", "offset", "key", "value");

    /**
     * A {@link Values}, as KafkaSpout's translator returns: Storm's emit path is markedly
     * slower on other lists (docs/storm.md, "Fed by the generator: JofSpout"). Filled one field
     * at a time: the JIT does not eliminate the varargs constructor's array, and the translator
     * runs once per tuple (bench/storm's TranslatorBenchmark; docs/benchmarks.md).
     */
    @Override
    public List<Object> apply(JofRecord record) {
        Values values = new Values();
        values.add(record.topic());
        values.add(record.partition());
        values.add(record.tupleId());
        values.add(null);
        values.add(record.value());
        return values;
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
