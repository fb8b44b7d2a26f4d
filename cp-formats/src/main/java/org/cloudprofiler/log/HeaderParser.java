package org.cloudprofiler.log;

import static org.cloudprofiler.log.LittleEndian.i32;
import static org.cloudprofiler.log.LittleEndian.i64;
import static org.cloudprofiler.log.LittleEndian.u16;
import static org.cloudprofiler.log.LittleEndian.u32;
import static org.cloudprofiler.log.LittleEndian.u8;
import static org.cloudprofiler.log.LogLayout.FILE_MAGIC;
import static org.cloudprofiler.log.LogLayout.HEADER_FIXED_BYTES;
import static org.cloudprofiler.log.LogLayout.HEADER_PREAMBLE_BYTES;
import static org.cloudprofiler.log.LogLayout.MAX_COLUMNS;
import static org.cloudprofiler.log.LogLayout.MAX_HEADER_BYTES;
import static org.cloudprofiler.log.LogLayout.MAX_NAME_BYTES;
import static org.cloudprofiler.log.LogLayout.MIN_COLUMNS;
import static org.cloudprofiler.log.LogLayout.MIN_HEADER_BYTES;
import static org.cloudprofiler.log.LogLayout.PARAMETER_COUNT;
import static org.cloudprofiler.log.LogLayout.VERSION;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.cloudprofiler.log.LogProblem.Kind;

/**
 * Reads and checks a log file's header. A header whose structure cannot be followed stops the
 * reading (no block can be located without it); a bad checksum or an unknown field value is
 * reported and reading goes on, since every block carries its own checksum.
 */
final class HeaderParser {

    private static final int CRC_BYTES = 4;

    private final byte[] bytes;
    /** End of the fields: where the CRC starts. */
    private final int fieldsEnd;
    private final ProblemLog problems;
    private int position = HEADER_FIXED_BYTES;

    private HeaderParser(byte[] bytes, ProblemLog problems) {
        this.bytes = bytes;
        this.fieldsEnd = bytes.length - CRC_BYTES;
        this.problems = problems;
    }

    /**
     * Reads the header at the start of {@code input}.
     *
     * @return the header, or {@code null} if no block can be read (the reason is in
     *     {@code problems})
     */
    static LogHeader read(LogInput input, ProblemLog problems) throws IOException {
        long size = input.size();
        if (size == 0) {
            problems.add(Kind.EMPTY_FILE, 0, 0, "the file is empty: its writer was killed (or the"
                    + " disk was full) before it wrote the header; there is nothing to recover");
            return null;
        }
        byte[] preamble = new byte[(int) Math.min(size, HEADER_PREAMBLE_BYTES)];
        input.readFully(0, preamble, 0, preamble.length);
        int magicBytes = Math.min(preamble.length, FILE_MAGIC.length);
        if (!Arrays.equals(preamble, 0, magicBytes, FILE_MAGIC, 0, magicBytes)) {
            problems.add(Kind.BAD_MAGIC, 0, 0, "not a cloudprofiler channel log: it does not"
                    + " start with the magic bytes 43 50 4C 4F 47 00 0D 0A (\"CPLOG\\0\\r\\n\")");
            return null;
        }
        if (size < HEADER_PREAMBLE_BYTES) {
            problems.add(Kind.TRUNCATED_HEADER, 0, size, truncated(size));
            return null;
        }
        int version = u16(preamble, 8);
        if (version != VERSION) {
            problems.add(Kind.UNSUPPORTED_VERSION, 8, 2, "format version " + version + "; this"
                    + " reader knows version " + VERSION + " only: read the file with the"
                    + " cloudprofiler release that wrote it, or a newer one");
            return null;
        }
        long headerLength = u32(preamble, 12);
        if (headerLength < MIN_HEADER_BYTES || headerLength > MAX_HEADER_BYTES) {
            problems.add(Kind.BAD_HEADER, 12, 4, "header length " + headerLength + " is outside "
                    + MIN_HEADER_BYTES + ".." + MAX_HEADER_BYTES + " bytes: the header is"
                    + " corrupt, so the blocks cannot be located");
            return null;
        }
        if (size < headerLength) {
            problems.add(Kind.TRUNCATED_HEADER, 0, size, truncated(size));
            return null;
        }
        byte[] bytes = new byte[(int) headerLength];
        input.readFully(0, bytes, 0, bytes.length);
        return new HeaderParser(bytes, problems).parse();
    }

    private static String truncated(long size) {
        return "the file is only " + size + " bytes long and ends inside its header: the writer"
                + " was killed while opening the channel; there is nothing to recover";
    }

    private LogHeader parse() {
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, fieldsEnd);
        if ((int) crc.getValue() != i32(bytes, fieldsEnd)) {
            problems.add(Kind.BAD_HEADER_CRC, fieldsEnd, CRC_BYTES, "the header checksum does"
                    + " not match (a writer killed while rewriting handler parameters leaves"
                    + " this too): header fields may be wrong; blocks are still checked one by"
                    + " one against their own checksums");
        }
        int flags = u16(bytes, 10);
        if ((flags & ~LogHeader.FLAG_TEST_CLOCK) != 0) {
            problems.add(Kind.BAD_HEADER, 10, 2, "unknown flag bits 0x"
                    + Integer.toHexString(flags & ~LogHeader.FLAG_TEST_CLOCK) + " are set;"
                    + " ignored");
        }
        int columnCount = u8(bytes, 60);
        if (columnCount < MIN_COLUMNS || columnCount > MAX_COLUMNS) {
            return fatal(60, "column count " + columnCount + " is outside " + MIN_COLUMNS + ".."
                    + MAX_COLUMNS);
        }
        String node = string16("node id");
        if (node == null) {
            return null;
        }
        String channel = string16("channel name");
        if (channel == null) {
            return null;
        }
        List<LogColumn> columns = new ArrayList<>(columnCount);
        for (int c = 0; c < columnCount; c++) {
            LogColumn column = column(c);
            if (column == null) {
                return null;
            }
            columns.add(column);
        }
        if (position != fieldsEnd) {
            problems.add(Kind.BAD_HEADER, position, fieldsEnd - position, (fieldsEnd - position)
                    + " bytes between the last column and the header checksum belong to no"
                    + " field; ignored");
        }
        List<Long> parameters = new ArrayList<>(PARAMETER_COUNT);
        for (int i = 0; i < PARAMETER_COUNT; i++) {
            parameters.add(i64(bytes, 64 + 8 * i));
        }
        LogHeader header = new LogHeader(VERSION, flags, bytes.length, u32(bytes, 16),
                u32(bytes, 20), i64(bytes, 24), i64(bytes, 32), i64(bytes, 40), i64(bytes, 48),
                u16(bytes, 56), u8(bytes, 58), u8(bytes, 59), u8(bytes, 61) != 0, parameters,
                node, channel, columns);
        checkValues(header);
        return header;
    }

    /** Reports field values this version does not define; none of them stops the reading. */
    private void checkValues(LogHeader header) {
        if (HandlerType.fromId(header.handlerId()) == null) {
            problems.add(Kind.BAD_HEADER, 56, 2, "unknown handler id " + header.handlerId()
                    + " (written by a newer cloudprofiler?); records are read regardless");
        }
        if (LogFormat.fromId(header.codecId()) == null) {
            problems.add(Kind.BAD_HEADER, 58, 1, "unknown channel codec " + header.codecId()
                    + "; every block names its own codec, so blocks are read regardless");
        }
        if (header.clockSource() != LogHeader.CLOCK_SOURCE_RDTSCP
                && header.clockSource() != LogHeader.CLOCK_SOURCE_MONOTONIC_RAW) {
            problems.add(Kind.BAD_HEADER, 59, 1, "unknown clock source " + header.clockSource()
                    + ": the unit of timestamps is unknown");
        }
        if (u8(bytes, 61) > 1) {
            problems.add(Kind.BAD_HEADER, 61, 1, "multi-writer byte is " + u8(bytes, 61)
                    + ", not 0 or 1; taken as multi-writer");
        }
        if (u16(bytes, 62) != 0) {
            problems.add(Kind.BAD_HEADER, 62, 2, "reserved bytes are not zero; ignored");
        }
    }

    /** A u16-length-prefixed UTF-8 string at the cursor, or {@code null} if it does not fit. */
    private String string16(String what) {
        if (position + 2 > fieldsEnd) {
            return fatal(position, "the " + what + " would start beyond the header's end");
        }
        int length = u16(bytes, position);
        if (length > MAX_NAME_BYTES) {
            return fatal(position, "the " + what + " is " + length + " bytes long, more than"
                    + " the limit of " + MAX_NAME_BYTES);
        }
        if (position + 2 + length > fieldsEnd) {
            return fatal(position, "the " + what + " of " + length + " bytes runs past the"
                    + " header's end");
        }
        String value = new String(bytes, position + 2, length, StandardCharsets.UTF_8);
        position += 2 + length;
        return value;
    }

    private LogColumn column(int index) {
        if (position + 2 > fieldsEnd) {
            return fatal(position, "column " + index + " would start beyond the header's end");
        }
        int encoding = u8(bytes, position);
        int nameLength = u8(bytes, position + 1);
        if (position + 2 + nameLength > fieldsEnd) {
            return fatal(position, "the name of column " + index + " runs past the header's"
                    + " end");
        }
        String name = new String(bytes, position + 2, nameLength, StandardCharsets.US_ASCII);
        if (encoding != LogColumn.DELTA_ZIGZAG_VARINT) {
            return fatal(position, "column '" + name + "' uses encoding " + encoding + ", which"
                    + " this reader does not know: read the file with a newer cloudprofiler");
        }
        position += 2 + nameLength;
        return new LogColumn(encoding, name);
    }

    /** Reports a header the reader cannot follow; returns {@code null} for the caller's sake. */
    private <T> T fatal(int offset, String what) {
        problems.add(Kind.BAD_HEADER, offset, 0, what + ": the header cannot be read, so no"
                + " block can be");
        return null;
    }
}
