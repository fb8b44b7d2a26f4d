package org.cloudprofiler.flink.profile;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.util.Collector;
import org.cloudprofiler.flink.source.JofRecord;
import org.cloudprofiler.flink.source.JofRecordDeserializationSchema;

/**
 * Emits {@code "record <id>"} for each tuple: a value the profiler cannot read an id from, so the
 * ids the channels log must have travelled beside the records. Stateless.
 */
final class ValueNamedById implements JofRecordDeserializationSchema<String> {
    private static final long serialVersionUID = 1L;

    static long idOf(String value) {
        return Long.parseLong(value.substring("record ".length()));
    }

    @Override
    public void deserialize(JofRecord record, Collector<String> out) {
        out.collect("record " + record.tupleId());
    }

    @Override
    public TypeInformation<String> getProducedType() {
        return Types.STRING;
    }
}
