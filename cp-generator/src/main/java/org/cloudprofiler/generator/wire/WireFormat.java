package org.cloudprofiler.generator.wire;

/** Constants of the generator's wire format, version 2; see docs/wire-format.md. */
public final class WireFormat {
    /** {@code "CPGB"} read as a little-endian u32. */
    public static final int MAGIC = 0x42475043;
    public static final int VERSION = 2;
    /** Flag bit 0: the bucket is a sender's end-of-run marker. */
    public static final int FLAG_END_OF_RUN = 1;

    public static final int HEADER_BYTES = 32;
    /** Tuple id (i64) and payload length (u32) in front of every payload. */
    public static final int TUPLE_HEADER_BYTES = 12;
    /** Tuples sent, buckets sent, tuples dropped, all towards one receiver: three u64. */
    public static final int MARKER_BODY_BYTES = 24;

    public static final int MAX_TUPLES = 1 << 20;
    public static final int MAX_PAYLOAD_BYTES = 16 << 20;
    public static final int MAX_BODY_BYTES = 256 << 20;
    /** Sender index and count are u16. */
    public static final int MAX_SENDERS = 0xFFFF;

    // Field offsets in the header.
    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 4;
    static final int FLAGS_OFFSET = 6;
    static final int CLASS_OFFSET = 8;
    static final int SENDER_INDEX_OFFSET = 12;
    static final int SENDER_COUNT_OFFSET = 14;
    static final int SEQUENCE_OFFSET = 16;
    static final int TUPLE_COUNT_OFFSET = 24;
    static final int BODY_LENGTH_OFFSET = 28;

    private WireFormat() {}
}
