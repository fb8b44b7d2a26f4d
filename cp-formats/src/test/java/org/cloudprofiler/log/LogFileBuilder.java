package org.cloudprofiler.log;

import com.github.luben.zstd.Zstd;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Test-only writer of channel log files, byte by byte from explicit values, written from
 * docs/log-format.md on its own (it shares no constants with the reader, so a misread spec shows
 * up as a disagreement). Builds valid files, and damaged ones through the raw-block entry point
 * and the CRC helpers. Public for other modules' tests, through cp-native's test jar.
 */
public final class LogFileBuilder {

    public static final int RAW = 0;
    public static final int ZSTD = 1;
    private static final int ZSTD_LEVEL = 3;
    private static final int BLOCK_HEADER_BYTES = 24;
    private static final int TRAILER_BYTES = 112;

    private int version = 1;
    private int flags;
    private long pid = 1;
    private long openerTid = 1;
    private long tscHz = 1_000_000_000L;
    private long openTsc;
    private long openMonoNs;
    private long openRealtimeNs;
    private int handlerId = 1;
    private int codec = RAW;
    private int clockSource;
    private int multiWriter;
    private final long[] parameters = new long[4];
    private String node = "test-node";
    private String channel = "test/0/in";
    private final List<LogColumn> columns = new ArrayList<>(List.of(
            new LogColumn(0, "id"), new LogColumn(0, "tsc")));

    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private final List<Integer> blockBodyOffsets = new ArrayList<>();
    private int trailerBodyOffset = -1;

    public LogFileBuilder version(int value) {
        version = value;
        return this;
    }

    public LogFileBuilder flags(int value) {
        flags = value;
        return this;
    }

    public LogFileBuilder pid(long value) {
        pid = value;
        return this;
    }

    public LogFileBuilder openerTid(long value) {
        openerTid = value;
        return this;
    }

    public LogFileBuilder tscHz(long value) {
        tscHz = value;
        return this;
    }

    public LogFileBuilder openClocks(long tsc, long monoNs, long realtimeNs) {
        openTsc = tsc;
        openMonoNs = monoNs;
        openRealtimeNs = realtimeNs;
        return this;
    }

    public LogFileBuilder handlerId(int value) {
        handlerId = value;
        return this;
    }

    /** The header's codec, also used by {@link #block(long[]...)}. */
    public LogFileBuilder codec(int value) {
        codec = value;
        return this;
    }

    public LogFileBuilder clockSource(int value) {
        clockSource = value;
        return this;
    }

    public LogFileBuilder multiWriter(int value) {
        multiWriter = value;
        return this;
    }

    public LogFileBuilder parameter(int index, long value) {
        parameters[index] = value;
        return this;
    }

    public LogFileBuilder node(String value) {
        node = value;
        return this;
    }

    public LogFileBuilder channel(String value) {
        channel = value;
        return this;
    }

    /** Replaces the columns with these names, all in encoding 0. */
    public LogFileBuilder columns(String... names) {
        columns.clear();
        for (String name : names) {
            columns.add(new LogColumn(0, name));
        }
        return this;
    }

    /** Replaces the columns with these, encodings included. */
    public LogFileBuilder columns(List<LogColumn> values) {
        columns.clear();
        columns.addAll(values);
        return this;
    }

    /** Appends a block of these columns (one array per column) in the header's codec. */
    public LogFileBuilder block(long[]... values) {
        return block(codec, values);
    }

    /** Appends a block of these columns in {@code blockCodec}. */
    public LogFileBuilder block(int blockCodec, long[]... values) {
        byte[] decoded = payload(values);
        byte[] stored = blockCodec == ZSTD ? Zstd.compress(decoded, ZSTD_LEVEL) : decoded;
        return rawBlock(1, blockCodec, 0, values[0].length, stored, decoded.length);
    }

    /** Appends a block with exactly these header fields and stored bytes, and a valid CRC. */
    public LogFileBuilder rawBlock(int kind, int blockCodec, int reserved, long recordCount,
            byte[] stored, long decodedLength) {
        ByteBuffer block = little(BLOCK_HEADER_BYTES + stored.length);
        block.putInt(0x4B425043);
        block.put((byte) kind);
        block.put((byte) blockCodec);
        block.putShort((short) reserved);
        block.putInt((int) recordCount);
        block.putInt(stored.length);
        block.putInt((int) decodedLength);
        block.putInt(0);
        block.put(stored);
        byte[] bytes = block.array();
        putInt(bytes, 20, crc32c(bytes, 0, 20, bytes, BLOCK_HEADER_BYTES, stored.length));
        blockBodyOffsets.add(body.size());
        body.writeBytes(bytes);
        return this;
    }

    /** Appends a trailer carrying these totals. */
    public LogFileBuilder trailer(LogTrailer totals) {
        ByteBuffer trailer = little(TRAILER_BYTES);
        trailer.putInt(0x52545043);
        trailer.putInt(TRAILER_BYTES);
        trailer.putLong(totals.recordsWritten());
        trailer.putLong(totals.blocksWritten());
        trailer.putLong(totals.callsAccepted());
        trailer.putLong(totals.callsFiltered());
        trailer.putLong(totals.recordsDropped());
        trailer.putLong(totals.callsRejected());
        trailer.putLong(totals.stalls());
        trailer.putLong(totals.stallNs());
        trailer.putLong(totals.closeTsc());
        trailer.putLong(totals.closeMonoNs());
        trailer.putLong(totals.closeRealtimeNs());
        trailer.putInt((int) totals.writerTid());
        trailer.putInt(totals.closeReason());
        trailer.putInt(0);
        byte[] bytes = trailer.array();
        putInt(bytes, 108, crc32c(bytes, 0, 108));
        trailerBodyOffset = body.size();
        body.writeBytes(bytes);
        return this;
    }

    /** Appends arbitrary bytes after what was appended so far. */
    public LogFileBuilder bytes(byte[] value) {
        body.writeBytes(value);
        return this;
    }

    /** The header alone, with its CRC. */
    public byte[] header() {
        byte[] nodeBytes = node.getBytes(StandardCharsets.UTF_8);
        byte[] channelBytes = channel.getBytes(StandardCharsets.UTF_8);
        int length = 96 + 2 + nodeBytes.length + 2 + channelBytes.length + 4;
        for (LogColumn column : columns) {
            length += 2 + column.name().length();
        }
        ByteBuffer header = little(length);
        header.put(new byte[] {0x43, 0x50, 0x4C, 0x4F, 0x47, 0x00, 0x0D, 0x0A});
        header.putShort((short) version);
        header.putShort((short) flags);
        header.putInt(length);
        header.putInt((int) pid);
        header.putInt((int) openerTid);
        header.putLong(tscHz);
        header.putLong(openTsc);
        header.putLong(openMonoNs);
        header.putLong(openRealtimeNs);
        header.putShort((short) handlerId);
        header.put((byte) codec);
        header.put((byte) clockSource);
        header.put((byte) columns.size());
        header.put((byte) multiWriter);
        header.putShort((short) 0);
        for (long parameter : parameters) {
            header.putLong(parameter);
        }
        header.putShort((short) nodeBytes.length);
        header.put(nodeBytes);
        header.putShort((short) channelBytes.length);
        header.put(channelBytes);
        for (LogColumn column : columns) {
            header.put((byte) column.encoding());
            header.put((byte) column.name().length());
            header.put(column.name().getBytes(StandardCharsets.US_ASCII));
        }
        byte[] bytes = header.array();
        putInt(bytes, length - 4, crc32c(bytes, 0, length - 4));
        return bytes;
    }

    /** The whole file: header, then everything appended, in order. */
    public byte[] build() {
        byte[] header = header();
        byte[] file = new byte[header.length + body.size()];
        System.arraycopy(header, 0, file, 0, header.length);
        System.arraycopy(body.toByteArray(), 0, file, header.length, body.size());
        return file;
    }

    /** File offset of the {@code index}-th block appended. */
    public int blockOffset(int index) {
        return header().length + blockBodyOffsets.get(index);
    }

    /** File offset of the trailer. */
    public int trailerOffset() {
        return header().length + trailerBodyOffset;
    }

    /** The decoded payload of a block: one section per column, delta-zigzag varints. */
    public static byte[] payload(long[]... values) {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        for (long[] column : values) {
            ByteArrayOutputStream section = new ByteArrayOutputStream();
            long previous = 0;
            for (long value : column) {
                long delta = value - previous;
                writeVarint(section, (delta << 1) ^ (delta >> 63));
                previous = value;
            }
            byte[] length = new byte[4];
            putInt(length, 0, section.size());
            payload.writeBytes(length);
            payload.writeBytes(section.toByteArray());
        }
        return payload.toByteArray();
    }

    /** Unsigned LEB128: seven bits a byte, low bits first, high bit set on all but the last. */
    public static void writeVarint(ByteArrayOutputStream out, long value) {
        long rest = value;
        while ((rest & ~0x7FL) != 0) {
            out.write((int) (rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        out.write((int) rest);
    }

    /** Recomputes the header CRC of {@code file} in place, after a test changed its fields. */
    public static void refreshHeaderCrc(byte[] file) {
        int length = ByteBuffer.wrap(file, 12, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        putInt(file, length - 4, crc32c(file, 0, length - 4));
    }

    /** Recomputes the CRC of the block at {@code offset}, using the stored length it holds. */
    public static void refreshBlockCrc(byte[] file, int offset) {
        int stored = ByteBuffer.wrap(file, offset + 12, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        putInt(file, offset + 20, crc32c(file, offset, 20, file, offset + 24, stored));
    }

    /** Recomputes the CRC of the trailer at {@code offset}. */
    public static void refreshTrailerCrc(byte[] file, int offset) {
        putInt(file, offset + 108, crc32c(file, offset, 108));
    }

    public static void putInt(byte[] bytes, int offset, int value) {
        ByteBuffer.wrap(bytes, offset, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(value);
    }

    private static int crc32c(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return (int) crc.getValue();
    }

    private static int crc32c(byte[] first, int firstOffset, int firstLength, byte[] second,
            int secondOffset, int secondLength) {
        CRC32C crc = new CRC32C();
        crc.update(first, firstOffset, firstLength);
        crc.update(second, secondOffset, secondLength);
        return (int) crc.getValue();
    }

    private static ByteBuffer little(int length) {
        return ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    }
}
