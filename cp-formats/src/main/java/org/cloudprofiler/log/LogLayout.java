package org.cloudprofiler.log;

/** Byte layout and limits of log format version 1, as docs/log-format.md specifies them. */
final class LogLayout {

    static final byte[] FILE_MAGIC = {0x43, 0x50, 0x4C, 0x4F, 0x47, 0x00, 0x0D, 0x0A};
    static final int VERSION = 1;
    /** Bytes before the node id: magic up to and including the four handler parameters. */
    static final int HEADER_FIXED_BYTES = 96;
    /** Magic, version, flags and {@code H}: what the reader needs before it knows the size. */
    static final int HEADER_PREAMBLE_BYTES = 16;
    /** Fixed part, two empty names, one column with an empty name, CRC. */
    static final int MIN_HEADER_BYTES = HEADER_FIXED_BYTES + 2 + 2 + 2 + 4;
    static final int MAX_HEADER_BYTES = 4096;
    static final int MAX_NAME_BYTES = 1024;
    static final int MIN_COLUMNS = 1;
    static final int MAX_COLUMNS = 8;
    static final int PARAMETER_COUNT = 4;

    static final int BLOCK_MAGIC = 0x4B425043;
    static final int BLOCK_HEADER_BYTES = 24;
    /** Block header bytes the block CRC covers, ahead of the payload. */
    static final int BLOCK_CRC_COVERED_HEADER_BYTES = 20;
    static final int BLOCK_KIND_RECORDS = 1;
    static final int MAX_RECORDS_PER_BLOCK = 1 << 20;
    static final int MAX_PAYLOAD_BYTES = 64 << 20;
    /** Each column section starts with its u32 byte length. */
    static final int SECTION_LENGTH_BYTES = 4;
    static final int MAX_VARINT_BYTES = 10;

    static final int TRAILER_MAGIC = 0x52545043;
    static final int TRAILER_BYTES = 112;
    static final int TRAILER_CRC_OFFSET = 108;

    private LogLayout() {}
}
