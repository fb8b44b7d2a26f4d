package org.cloudprofiler.log;

import static org.cloudprofiler.log.LittleEndian.i32;
import static org.cloudprofiler.log.LittleEndian.u16;
import static org.cloudprofiler.log.LittleEndian.u32;
import static org.cloudprofiler.log.LittleEndian.u8;
import static org.cloudprofiler.log.LogLayout.BLOCK_CRC_COVERED_HEADER_BYTES;
import static org.cloudprofiler.log.LogLayout.BLOCK_HEADER_BYTES;
import static org.cloudprofiler.log.LogLayout.BLOCK_KIND_RECORDS;
import static org.cloudprofiler.log.LogLayout.MAX_PAYLOAD_BYTES;
import static org.cloudprofiler.log.LogLayout.MAX_RECORDS_PER_BLOCK;
import static org.cloudprofiler.log.LogLayout.MAX_VARINT_BYTES;
import static org.cloudprofiler.log.LogLayout.SECTION_LENGTH_BYTES;

import java.io.IOException;
import java.util.List;
import java.util.zip.CRC32C;
import org.cloudprofiler.log.LogProblem.Kind;

/**
 * Checks and decodes blocks, in three steps a caller runs in order: the header's fields, the
 * checksum over header and payload, then the payload into a {@link RecordBlock}. Every length is
 * checked against the format's limits before anything is allocated for it, and buffers are
 * reused from block to block. Not thread-safe.
 */
final class BlockDecoder implements AutoCloseable {

    private final List<LogColumn> columns;
    private final byte[] header = new byte[BLOCK_HEADER_BYTES];
    private final CRC32C crc = new CRC32C();
    private final RecordBlock block;
    private byte[] stored = new byte[0];
    private byte[] decoded = new byte[0];
    private ZstdFrames zstd;
    private String zstdUnavailable;

    private LogFormat codec;
    private int recordCount;
    private int storedLength;
    private int decodedLength;

    BlockDecoder(List<LogColumn> columns) {
        this.columns = columns;
        this.block = new RecordBlock(columns.size());
    }

    /**
     * Reads the block header at {@code position} (the caller has seen the block magic there and
     * checked that 24 bytes exist) and checks its fields.
     *
     * @return {@code null} if the fields are plausible, else what is wrong with them
     */
    String readHeader(LogInput input, long position) throws IOException {
        input.readFully(position, header, 0, BLOCK_HEADER_BYTES);
        int kind = u8(header, 4);
        int codecId = u8(header, 5);
        long records = u32(header, 8);
        long storedBytes = u32(header, 12);
        long decodedBytes = u32(header, 16);
        if (kind != BLOCK_KIND_RECORDS) {
            return "unknown block kind " + kind;
        }
        LogFormat format = LogFormat.fromId(codecId);
        if (format == null) {
            return "unknown block codec " + codecId;
        }
        if (u16(header, 6) != 0) {
            return "reserved bytes are not zero";
        }
        if (records < 1 || records > MAX_RECORDS_PER_BLOCK) {
            return "record count " + records + " is outside 1.." + MAX_RECORDS_PER_BLOCK;
        }
        if (storedBytes > MAX_PAYLOAD_BYTES || decodedBytes > MAX_PAYLOAD_BYTES) {
            return "payload length " + Math.max(storedBytes, decodedBytes) + " exceeds the"
                    + " limit of " + MAX_PAYLOAD_BYTES + " bytes";
        }
        if (format == LogFormat.ZSTD && storedBytes == 0) {
            return "zstd block with an empty stored payload";
        }
        if (format == LogFormat.RAW && storedBytes != decodedBytes) {
            return "raw block whose stored length " + storedBytes + " differs from its decoded"
                    + " length " + decodedBytes;
        }
        // Every varint takes 1 to 10 bytes, so the sections' size is bounded both ways.
        long minDecoded = columns.size() * (SECTION_LENGTH_BYTES + records);
        long maxDecoded = columns.size() * (SECTION_LENGTH_BYTES + MAX_VARINT_BYTES * records);
        if (decodedBytes < minDecoded || decodedBytes > maxDecoded) {
            return "decoded length " + decodedBytes + " cannot hold " + records + " records of "
                    + columns.size() + " columns (" + minDecoded + " to " + maxDecoded
                    + " bytes)";
        }
        codec = format;
        recordCount = (int) records;
        storedLength = (int) storedBytes;
        decodedLength = (int) decodedBytes;
        return null;
    }

    /** Bytes the block takes in the file, header included, once its header was read. */
    long blockLength() {
        return BLOCK_HEADER_BYTES + (long) storedLength;
    }

    /**
     * Reads the stored payload of the block whose header was read last (the caller checked that
     * it lies within the file) and checks the block's checksum.
     *
     * @return {@code null} if the checksum matches, else both values
     */
    String readPayload(LogInput input, long position) throws IOException {
        if (stored.length < storedLength) {
            stored = new byte[storedLength];
        }
        input.readFully(position + BLOCK_HEADER_BYTES, stored, 0, storedLength);
        crc.reset();
        crc.update(header, 0, BLOCK_CRC_COVERED_HEADER_BYTES);
        crc.update(stored, 0, storedLength);
        int computed = (int) crc.getValue();
        int expected = i32(header, BLOCK_CRC_COVERED_HEADER_BYTES);
        if (computed == expected) {
            return null;
        }
        return "block checksum mismatch (stored " + hex(expected) + ", computed "
                + hex(computed) + ")";
    }

    /**
     * Decodes the payload read last into {@link #block()}.
     *
     * @return {@code null} on success, else the problem that cost this block's records
     */
    LogProblem decode(long position) {
        byte[] payload = stored;
        if (codec == LogFormat.ZSTD) {
            ZstdFrames frames = zstd();
            if (frames == null) {
                return new LogProblem(Kind.UNSUPPORTED_CODEC, position, blockLength(),
                        "cannot decode this zstd block, the zstd library failed to load ("
                                + zstdUnavailable + "); its " + recordCount + " records are"
                                + " skipped");
            }
            String failure = frames.check(stored, storedLength, decodedLength);
            if (failure == null) {
                if (decoded.length < decodedLength) {
                    decoded = new byte[decodedLength];
                }
                failure = frames.decompress(stored, storedLength, decoded, decodedLength);
            }
            if (failure != null) {
                return writerBug(Kind.BAD_COMPRESSION, position, failure);
            }
            payload = decoded;
        }
        String failure = decodeColumns(payload);
        if (failure != null) {
            return writerBug(Kind.BAD_PAYLOAD, position, failure);
        }
        block.describe(position, codec, recordCount, storedLength, decodedLength);
        return null;
    }

    private String decodeColumns(byte[] payload) {
        int position = 0;
        for (int c = 0; c < columns.size(); c++) {
            if (decodedLength - position < SECTION_LENGTH_BYTES) {
                return label(c) + " has no room for its section length";
            }
            long sectionLength = u32(payload, position);
            position += SECTION_LENGTH_BYTES;
            if (sectionLength > decodedLength - position) {
                return label(c) + " claims " + sectionLength + " bytes, but only "
                        + (decodedLength - position) + " remain in the payload";
            }
            int end = position + (int) sectionLength;
            long[] values = block.columnBuffer(c, recordCount);
            int next = VarintColumnDecoder.decode(payload, position, end, values, recordCount);
            switch (next) {
                case VarintColumnDecoder.TOO_FEW_VALUES:
                    return label(c) + " holds fewer than " + recordCount + " values in its "
                            + sectionLength + " bytes";
                case VarintColumnDecoder.OVERLONG_VARINT:
                    return label(c) + " holds a varint longer than " + MAX_VARINT_BYTES + " bytes";
                case VarintColumnDecoder.NON_MINIMAL_VARINT:
                    return label(c) + " holds a varint with redundant zero bytes";
                default:
                    if (next != end) {
                        return label(c) + " holds " + (end - next) + " bytes after its "
                                + recordCount + " values";
                    }
            }
            position = end;
        }
        if (position != decodedLength) {
            return (decodedLength - position) + " bytes follow the last column section";
        }
        return null;
    }

    private String label(int column) {
        return "column '" + columns.get(column).name() + "'";
    }

    /** A checksummed block that does not decode: the writer produced it so. */
    private LogProblem writerBug(Kind kind, long position, String failure) {
        return new LogProblem(kind, position, blockLength(), failure + "; the block's checksum"
                + " is valid, so its writer produced it this way (please report a cloudprofiler"
                + " bug); its " + recordCount + " records are skipped");
    }

    private ZstdFrames zstd() {
        if (zstd == null && zstdUnavailable == null) {
            try {
                zstd = new ZstdFrames();
            } catch (LinkageError e) {
                // zstd-jni throws errors, not exceptions, when its native library cannot load.
                zstdUnavailable = e.toString();
            }
        }
        return zstd;
    }

    /** The block decoded last; see {@link RecordBlock} for ownership. */
    RecordBlock block() {
        return block;
    }

    private static String hex(int value) {
        return String.format("0x%08X", value);
    }

    @Override
    public void close() {
        if (zstd != null) {
            zstd.close();
        }
    }
}
