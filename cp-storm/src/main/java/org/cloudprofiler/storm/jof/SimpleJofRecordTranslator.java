package org.cloudprofiler.storm.jof;

import java.util.List;

import org.apache.storm.tuple.Fields;

/**
 * A translator from a function, the fields it fills and one stream, as storm-kafka-client's
 * {@code SimpleRecordTranslator}. Stateless beyond what the function holds.
 */
public final class SimpleJofRecordTranslator implements JofRecordTranslator {
    private static final long serialVersionUID = 1L;

    private final JofRecordFunction function;
    private final StreamDeclaration stream;

    /** Emits {@code function}'s values as {@code fields} on {@code stream}. */
    public SimpleJofRecordTranslator(JofRecordFunction function, Fields fields, String stream) {
        this.function = function;
        this.stream = new StreamDeclaration(stream, fields);
    }

    @Override
    public List<Object> apply(JofRecord record) {
        return function.apply(record);
    }

    @Override
    public String streamFor(JofRecord record) {
        return stream.stream();
    }

    @Override
    public List<StreamDeclaration> streams() {
        return List.of(stream);
    }
}
