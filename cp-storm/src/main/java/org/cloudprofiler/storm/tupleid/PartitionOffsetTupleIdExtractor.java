package org.cloudprofiler.storm.tupleid;

import java.util.List;

import org.apache.storm.tuple.Fields;

/**
 * For offsets that are unique only within a partition (Kafka): {@code id = partition << 48 |
 * offset}, with partitions 0 to 32,767 and offsets below 2^48 (both far beyond real topics);
 * anything else has no id. Records of different topics with equal partition and offset share an
 * id. Immutable, so any thread may use it.
 *
 * @param partitionField the name of the partition field
 * @param offsetField the name of the offset field
 */
public record PartitionOffsetTupleIdExtractor(String partitionField, String offsetField)
        implements TupleIdExtractor {

    /** Bits of the id that hold the offset. */
    public static final int OFFSET_BITS = 48;
    private static final long MAX_PARTITION = (1L << (63 - OFFSET_BITS)) - 1;
    private static final long MAX_OFFSET = (1L << OFFSET_BITS) - 1;

    /** The id of {@code offset} in {@code partition}, or {@link #NO_ID} if either is too big. */
    public static long id(long partition, long offset) {
        if (partition < 0 || partition > MAX_PARTITION || offset < 0 || offset > MAX_OFFSET) {
            return NO_ID;
        }
        return partition << OFFSET_BITS | offset;
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
