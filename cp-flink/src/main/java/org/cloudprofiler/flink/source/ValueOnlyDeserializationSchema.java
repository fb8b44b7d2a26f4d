package org.cloudprofiler.flink.source;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.Collector;

/** See {@link JofRecordDeserializationSchema#valueOnly}. Stateless. */
final class ValueOnlyDeserializationSchema<V> implements JofRecordDeserializationSchema<V> {
    private static final long serialVersionUID = 1L;

    private final TypeInformation<V> type;

    ValueOnlyDeserializationSchema(TypeInformation<V> type) {
        this.type = type;
    }

    @Override
    public void deserialize(JofRecord record, Collector<V> out) {
        out.collect(type.getTypeClass().cast(record.value()));
    }

    @Override
    public TypeInformation<V> getProducedType() {
        return type;
    }
}
