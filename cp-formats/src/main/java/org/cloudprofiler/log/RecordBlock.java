package org.cloudprofiler.log;

import java.util.Arrays;
import java.util.Objects;

/**
 * One decoded block: {@link #recordCount()} records of {@link #columnCount()} columns, stored
 * column by column in the header's column order.
 *
 * <p>Ownership: the block a {@link LogReader} returns is the reader's buffer, overwritten by its
 * next {@link LogReader#nextBlock()}; {@link #copy()} it to keep it. Not thread-safe.
 */
public final class RecordBlock {

    private final long[][] columns;
    private long fileOffset;
    private LogFormat codec;
    private int recordCount;
    private int storedLengthBytes;
    private int decodedLengthBytes;

    RecordBlock(int columnCount) {
        columns = new long[columnCount][0];
    }

    private RecordBlock(RecordBlock source) {
        columns = new long[source.columns.length][];
        for (int c = 0; c < columns.length; c++) {
            columns[c] = Arrays.copyOf(source.columns[c], source.recordCount);
        }
        fileOffset = source.fileOffset;
        codec = source.codec;
        recordCount = source.recordCount;
        storedLengthBytes = source.storedLengthBytes;
        decodedLengthBytes = source.decodedLengthBytes;
    }

    /** The buffer of {@code column}, grown to hold at least {@code records} values. */
    long[] columnBuffer(int column, int records) {
        if (columns[column].length < records) {
            columns[column] = new long[records];
        }
        return columns[column];
    }

    void describe(long fileOffset, LogFormat codec, int recordCount, int storedLengthBytes,
            int decodedLengthBytes) {
        this.fileOffset = fileOffset;
        this.codec = codec;
        this.recordCount = recordCount;
        this.storedLengthBytes = storedLengthBytes;
        this.decodedLengthBytes = decodedLengthBytes;
    }

    /** Byte offset of the block in its file. */
    public long fileOffset() {
        return fileOffset;
    }

    /** How the block was stored. */
    public LogFormat codec() {
        return codec;
    }

    /** Number of records, 1 to 1,048,576. */
    public int recordCount() {
        return recordCount;
    }

    /** Number of columns, as the header declares them. */
    public int columnCount() {
        return columns.length;
    }

    /** Bytes the block's payload takes in the file (after compression, if any). */
    public int storedLengthBytes() {
        return storedLengthBytes;
    }

    /** Bytes of the decoded payload (the varint column sections). */
    public int decodedLengthBytes() {
        return decodedLengthBytes;
    }

    /** The value of {@code column} in record {@code record}. */
    public long value(int column, int record) {
        return columns[column][Objects.checkIndex(record, recordCount)];
    }

    /**
     * The values of {@code column}: entries {@code [0, recordCount())} are this block's; the
     * array may be longer. It is the reader's buffer: read it, do not keep or change it.
     */
    public long[] column(int column) {
        return columns[column];
    }

    /** An independent copy, sized to the records, that later reads do not overwrite. */
    public RecordBlock copy() {
        return new RecordBlock(this);
    }
}
