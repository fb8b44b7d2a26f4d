package org.cloudprofiler.flink.source.reader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.util.Collector;
import org.cloudprofiler.flink.source.JofRecord;
import org.cloudprofiler.flink.source.JofRecordDeserializationSchema;
import org.cloudprofiler.generator.jof.TupleAssembler;

/**
 * Runs a copy of the source's deserialization schema on one JOF receiver thread: hands over
 * null for a tuple that became no record, the record for one, {@link SeveralRecords} for more.
 * Used by that thread alone.
 */
final class DeserializingAssembler<T> implements TupleAssembler, Collector<T> {
    private final JofRecordDeserializationSchema<T> schema;
    private final int receiver;
    private final boolean identify;
    private Object first;
    private List<Object> more;

    /**
     * @param schema this receiver's own, opened copy
     * @param identify whether to hand records over with their tuple's id
     *     ({@link IdentifiedRecords}), for a profiled job
     */
    DeserializingAssembler(JofRecordDeserializationSchema<T> schema, int receiver,
            boolean identify) {
        this.schema = schema;
        this.receiver = receiver;
        this.identify = identify;
    }

    @Override
    public Object assemble(int senderIndex, long tupleId, Object value) {
        first = null;
        more = null;
        try {
            schema.deserialize(new JofRecord(receiver, senderIndex, tupleId, value), this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Object records = more == null ? first : new SeveralRecords(more);
        return identify && records != null ? new IdentifiedRecords(tupleId, records) : records;
    }

    @Override
    public void collect(T record) {
        if (record == null) {
            throw new NullPointerException("the deserialization schema collected null for a"
                    + " record; collect nothing to emit nothing");
        }
        if (first == null) {
            first = record;
        } else {
            if (more == null) {
                more = new ArrayList<>();
                more.add(first);
            }
            more.add(record);
        }
    }

    @Override
    public void close() {
        // A collector per receiver, reused for every tuple.
    }
}
