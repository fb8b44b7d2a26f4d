package org.cloudprofiler.probe;

/**
 * Tuple ids for records whose offsets are unique only within a partition (Kafka):
 * {@code id = partition << 48 | offset}, with partitions 0 to 32,767 and offsets below 2^48 (both
 * far beyond real topics); anything else has no id. Records of different topics with equal
 * partition and offset share an id. Both engine integrations use it, so a Kafka record has the
 * same id in Storm and in Flink.
 */
public final class PartitionOffsetIds {

    /** Bits of the id that hold the offset. */
    public static final int OFFSET_BITS = 48;
    private static final long MAX_PARTITION = (1L << (63 - OFFSET_BITS)) - 1;
    private static final long MAX_OFFSET = (1L << OFFSET_BITS) - 1;

    private PartitionOffsetIds() {}

    /**
     * The id of {@code offset} in {@code partition}, or {@link TaskProbe#NO_ID} if either is too
     * big.
     */
    public static long id(long partition, long offset) {
        if (partition < 0 || partition > MAX_PARTITION || offset < 0 || offset > MAX_OFFSET) {
            return TaskProbe.NO_ID;
        }
        return partition << OFFSET_BITS | offset;
    }
}
