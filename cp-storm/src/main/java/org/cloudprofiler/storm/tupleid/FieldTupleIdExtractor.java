package org.cloudprofiler.storm.tupleid;

import java.util.List;

import org.apache.storm.tuple.Fields;

/**
 * The id is the value of one numeric field ({@code offset} by default, the field KafkaSpout and
 * JofSpout emit the tuple id in). Immutable, so any thread may use it.
 *
 * @param field the name of the id field
 */
public record FieldTupleIdExtractor(String field) implements TupleIdExtractor {

    @Override
    public long idOf(Fields fields, List<Object> values) {
        if (fields == null || !fields.contains(field)) {
            return NO_ID;
        }
        return values.get(fields.fieldIndex(field)) instanceof Number number
                ? number.longValue() : NO_ID;
    }

    @Override
    public String toString() {
        return "field " + field;
    }
}
