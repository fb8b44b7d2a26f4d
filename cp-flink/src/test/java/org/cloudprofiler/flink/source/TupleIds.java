package org.cloudprofiler.flink.source;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.util.Collector;

/** Emits each record's tuple id. Stateless. */
final class TupleIds implements JofRecordDeserializationSchema<Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public void deserialize(JofRecord record, Collector<Long> out) {
        out.collect(record.tupleId());
    }

    @Override
    public TypeInformation<Long> getProducedType() {
        return Types.LONG;
    }
}
