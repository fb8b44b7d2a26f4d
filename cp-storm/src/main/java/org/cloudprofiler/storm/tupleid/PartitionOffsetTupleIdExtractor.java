package org.cloudprofiler.storm.tupleid;

import java.util.List;

import org.apache.storm.tuple.Fields;
import org.cloudprofiler.probe.PartitionOffsetIds;

/**
 * For offsets that are unique only within a partition (Kafka): the id of
 * {@link PartitionOffsetIds}, {@code partition << 48 | offset}, from the tuple's two fields.
 * Immutable, so any thread may use it.
 *
 * @param partitionField the name of the partition field
 * @param offsetField the name of the offset field
 */
public record PartitionOffsetTupleIdExtractor(String partitionField, String offsetField)
        implements TupleIdExtractor {

    /** Bits of the id that hold the offset. */
    public static final int OFFSET_BITS = PartitionOffsetIds.OFFSET_BITS;

    /** The id of {@code offset} in {@code partition}: {@link PartitionOffsetIds#id}. */
    public static long id(long partition, long offset) {
        return PartitionOffsetIds.id(partition, offset);
    }

    @Override
    public long idOf(Fields fields, List<Object> values) {
        if (fields == null || !fields.contains(partitionField) || !fields.contains(offsetField)) {
            return NO_ID;
        }
        if (values.get(fields.fieldIndex(partitionField)) instanceof Number partition
                && values.get(fields.fieldIndex(offsetField)) instanceof Number offset) {
            return id(partition.longValue(), offset.longValue());
        }
        return NO_ID;
    }

    @Override
    public String toString() {
        return "field " + partitionField + " << " + OFFSET_BITS + " | field " + offsetField;
    }
}
