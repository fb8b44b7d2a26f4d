package org.cloudprofiler.storm.tupleid;

import java.util.List;

import org.apache.storm.tuple.Fields;

/**
 * The id is the value of one numeric field ({@code offset} by default, the field KafkaSpout and
 * JofSpout emit the tuple id in). Stateless, so any thread may use it.
 */
public final class FieldTupleIdExtractor implements TupleIdExtractor {
    private static final long serialVersionUID = 1L;

    private final String field;

    public FieldTupleIdExtractor(String field) {
        this.field = field;
    }

    @Override
    public long idOf(Fields fields, List<Object> values) {
        if (fields == null || !fields.contains(field)) {
            return NO_ID;
        }
        return values.get(fields.fieldIndex(field)) instanceof Number number
                ? number.longValue() : NO_ID;
    }

    public String field() {
        return field;
    }

    @Override
    public String toString() {
        return "field " + field;
    }
}
