package org.cloudprofiler.log;

import static org.cloudprofiler.log.LittleEndian.i32;
import static org.cloudprofiler.log.LittleEndian.i64;
import static org.cloudprofiler.log.LittleEndian.u32;
import static org.cloudprofiler.log.LogLayout.BLOCK_HEADER_BYTES;
import static org.cloudprofiler.log.LogLayout.BLOCK_MAGIC;
import static org.cloudprofiler.log.LogLayout.TRAILER_BYTES;
import static org.cloudprofiler.log.LogLayout.TRAILER_CRC_OFFSET;
import static org.cloudprofiler.log.LogLayout.TRAILER_MAGIC;

import org.cloudprofiler.log.LogProblem.Kind;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Reads one channel log file (docs/log-format.md), streaming: one block at a time, so memory is
 * bounded by the largest block (at most 64 MiB by the format's limits), never by the file.
 *
 * <pre>{@code
 * try (LogReader reader = LogReader.open(path)) {
 *     for (RecordBlock block = reader.nextBlock(); block != null; block = reader.nextBlock()) {
 *         long[] tsc = block.column(reader.header().columnIndex(LogColumn.TSC));
 *         ...
 *     }
 *     LogSummary summary = reader.summary();
 * }
 * }</pre>
 *
 * <p>Damage is reported, not thrown: a bad header, block, or trailer, a truncated tail or a
 * missing trailer each becomes a {@link LogProblem}, and after a bad block the reader scans
 * forward to the next block whose header and checksum are intact. No method throws an unchecked
 * exception because of a file's contents; only I/O errors (the file cannot be opened or read,
 * or shrinks while being read) are thrown as {@link IOException}. Every step consumes at least
 * one byte, so reading always ends, and the scans' checksum work is capped at about eight times
 * the file's size (a file crafted to need more has its rest reported as skipped). The reader
 * sees the file as it was when opened.
 *
 * <p>Not thread-safe: one thread reads one file.
 */
public final class LogReader implements Closeable {

    private static final int SCAN_CHUNK_BYTES = 64 * 1024;
    /**
     * Payload bytes the resynchronising scans may checksum, per byte of file (plus one MiB):
     * bounds the work on a file crafted full of would-be blocks that each claim the rest of it.
     */
    private static final int SCAN_BUDGET_PER_FILE_BYTE = 8;
    private static final int MAGIC_BYTES = 4;

    private final String source;
    private final LogInput input;
    private final long size;
    private final ProblemLog problems = new ProblemLog();
    private final LogHeader header;
    private final BlockDecoder decoder;
    private final byte[] trailerBytes = new byte[TRAILER_BYTES];
    private final byte[] magicBytes = new byte[MAGIC_BYTES];
    private final CRC32C crc = new CRC32C();
    private byte[] scanChunk;
    private long scanBudgetBytes;

    private long position;
    private long intactEnd;
    private boolean finished;
    private LogTrailer trailer;
    private long blockCount;
    private long recordCount;
    private long[] firstRecord;
    private long[] lastRecord;

    private LogReader(String source, LogInput input, long resumeOffset) throws IOException {
        this.source = source;
        this.input = input;
        this.size = input.size();
        this.scanBudgetBytes = SCAN_BUDGET_PER_FILE_BYTE * size + (1 << 20);
        this.header = HeaderParser.read(input, problems);
        if (header == null) {
            decoder = null;
            finished = true;
        } else {
            decoder = new BlockDecoder(header.columns());
            position = Math.max(header.headerLengthBytes(), Math.min(resumeOffset, size));
            intactEnd = position;
        }
    }

    /**
     * Opens {@code path} and reads its header; problems with the header are reported in
     * {@link #problems()}, and a header that cannot be read leaves {@link #header()} null.
     *
     * @throws IOException if the file cannot be opened or read
     */
    public static LogReader open(Path path) throws IOException {
        return open(path, WindowedLogInput.DEFAULT_WINDOW_BYTES);
    }

    /**
     * Opens {@code path} to go on at {@code resumeOffset}, the {@link #intactEnd()} an earlier
     * reader of the same file reached: how a reader follows a file that is still being written
     * (reopening it sees what was appended since). The header is read and checked again; blocks,
     * records and problems count from {@code resumeOffset} on.
     *
     * @throws IOException if the file cannot be opened or read
     */
    public static LogReader openAt(Path path, long resumeOffset) throws IOException {
        return open(path, WindowedLogInput.DEFAULT_WINDOW_BYTES, resumeOffset);
    }

    /** As {@link #open(Path)}, with a read window of {@code windowBytes} (tests use tiny ones). */
    static LogReader open(Path path, int windowBytes) throws IOException {
        return open(path, windowBytes, 0);
    }

    private static LogReader open(Path path, int windowBytes, long resumeOffset)
            throws IOException {
        return open(path.toString(), LocalFileBytes.open(path), windowBytes, resumeOffset);
    }

    /**
     * As {@link #openAt(Path, long)}, for a file of any filesystem: reads {@code bytes}, named
     * {@code source} in the summary and in messages, from {@code resumeOffset} (0 for the whole
     * file). The reader owns {@code bytes} and closes them, also when this method throws.
     *
     * @throws IOException if the file cannot be read
     */
    public static LogReader openAt(String source, RandomAccessBytes bytes, long resumeOffset)
            throws IOException {
        return open(source, bytes, WindowedLogInput.DEFAULT_WINDOW_BYTES, resumeOffset);
    }

    private static LogReader open(String source, RandomAccessBytes bytes, int windowBytes,
            long resumeOffset) throws IOException {
        WindowedLogInput input = new WindowedLogInput(source, bytes, windowBytes);
        try {
            return new LogReader(source, input, resumeOffset);
        } catch (IOException | RuntimeException e) {
            input.close();
            throw e;
        }
    }

    /** Reads a file held in memory; {@code source} names it in the summary. */
    static LogReader fromBytes(String source, byte[] bytes) {
        try {
            return new LogReader(source, new ByteArrayLogInput(bytes), 0);
        } catch (IOException e) {
            throw new AssertionError("memory input cannot fail to read", e);
        }
    }

    /** Reads all of {@code path} and summarizes it, without keeping its records. */
    public static LogSummary scan(Path path) throws IOException {
        try (LogReader reader = open(path)) {
            return reader.summary();
        }
    }

    /** The header, or {@code null} if it could not be read (then there are no blocks). */
    public LogHeader header() {
        return header;
    }

    /** Size of the file when it was opened. */
    public long fileSizeBytes() {
        return size;
    }

    /**
     * The next intact block, or {@code null} at the end of the file. The block is this reader's
     * buffer, valid until the next call (see {@link RecordBlock}).
     *
     * @throws IOException if the file cannot be read
     */
    public RecordBlock nextBlock() throws IOException {
        while (!finished) {
            if (readUnit()) {
                return decoder.block();
            }
        }
        return null;
    }

    /**
     * The offset just past the last intact block read so far (the header's end before any, or
     * the resume offset): everything before it has been read, so a reader following a growing
     * file resumes there with {@link #openAt}.
     */
    public long intactEnd() {
        return intactEnd;
    }

    /** The trailer, once read; {@code null} before, and for a file not closed cleanly. */
    public LogTrailer trailer() {
        return trailer;
    }

    /** The problems found so far, in file order; at most the first 1,000. */
    public List<LogProblem> problems() {
        return problems.kept();
    }

    /** Number of problems found so far, including those {@link #problems()} does not keep. */
    public long problemCount() {
        return problems.count();
    }

    /**
     * Reads the rest of the file, discarding its blocks, and summarizes all of it, blocks already
     * returned by {@link #nextBlock()} included.
     *
     * @throws IOException if the file cannot be read
     */
    public LogSummary summary() throws IOException {
        while (nextBlock() != null) {
            // Only the counts and the first and last records matter here.
        }
        return new LogSummary(source, size, header, blockCount, recordCount,
                asList(firstRecord), asList(lastRecord), trailer, problems.kept(),
                problems.count());
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static List<Long> asList(long[] values) {
        return values == null ? List.of() : Arrays.stream(values).boxed().toList();
    }

    /** Reads the unit at {@link #position}; true if it was a block that decoded. */
    private boolean readUnit() throws IOException {
        long at = position;
        long remaining = size - at;
        if (remaining == 0) {
            endWithoutTrailer();
            return false;
        }
        if (remaining < MAGIC_BYTES) {
            recover(at, startsLikeUnit(at, (int) remaining), null);
            return false;
        }
        int magic = magicAt(at);
        if (magic == BLOCK_MAGIC) {
            return readBlock(at, remaining);
        }
        if (magic == TRAILER_MAGIC) {
            readTrailer(at, remaining);
            return false;
        }
        recover(at, false, null);
        return false;
    }

    private boolean readBlock(long at, long remaining) throws IOException {
        if (remaining < BLOCK_HEADER_BYTES) {
            recover(at, true, null);
            return false;
        }
        String fault = decoder.readHeader(input, at);
        if (fault != null) {
            recover(at, false, new LogProblem(Kind.BAD_BLOCK_HEADER, at, BLOCK_HEADER_BYTES,
                    fault + "; the block is skipped"));
            return false;
        }
        long length = decoder.blockLength();
        if (length > remaining) {
            recover(at, true, new LogProblem(Kind.BAD_BLOCK_HEADER, at, BLOCK_HEADER_BYTES,
                    "the block claims " + length + " bytes but only " + remaining
                            + " remain in the file; the block is skipped"));
            return false;
        }
        fault = decoder.readPayload(input, at);
        if (fault != null) {
            recover(at, false, new LogProblem(Kind.BAD_BLOCK_CRC, at, length,
                    fault + ": the block is damaged and skipped"));
            return false;
        }
        // The checksum vouches for the block's extent, so a block that fails to decode is
        // stepped over without a scan.
        position = at + length;
        intactEnd = position;
        LogProblem failure = decoder.decode(at);
        if (failure != null) {
            problems.add(failure);
            return false;
        }
        account(decoder.block());
        return true;
    }

    private void readTrailer(long at, long remaining) throws IOException {
        if (remaining < TRAILER_BYTES) {
            recover(at, true, new LogProblem(Kind.BAD_TRAILER, at, remaining, "a trailer of "
                    + TRAILER_BYTES + " bytes starts here but only " + remaining + " remain"));
            return;
        }
        String fault = checkTrailer(at);
        if (fault != null) {
            recover(at, false, new LogProblem(Kind.BAD_TRAILER, at, TRAILER_BYTES,
                    fault + ": the channel's totals are lost (its records are not)"));
            return;
        }
        trailer = new LogTrailer(i64(trailerBytes, 8), i64(trailerBytes, 16),
                i64(trailerBytes, 24), i64(trailerBytes, 32), i64(trailerBytes, 40),
                i64(trailerBytes, 48), i64(trailerBytes, 56), i64(trailerBytes, 64),
                i64(trailerBytes, 72), i64(trailerBytes, 80), i64(trailerBytes, 88),
                u32(trailerBytes, 96), i32(trailerBytes, 100));
        position = at + TRAILER_BYTES;
        finished = true;
        checkTrailerValues(at);
        if (position < size) {
            problems.add(Kind.TRAILING_GARBAGE, position, size - position, (size - position)
                    + " bytes follow the trailer; they are not part of the log and were"
                    + " ignored (was something appended to the file?)");
        }
    }

    /** Reads the trailer at {@code at}; {@code null} if its length and checksum check out. */
    private String checkTrailer(long at) throws IOException {
        input.readFully(at, trailerBytes, 0, TRAILER_BYTES);
        long length = u32(trailerBytes, 4);
        if (length != TRAILER_BYTES) {
            return "trailer length " + length + ", not " + TRAILER_BYTES;
        }
        crc.reset();
        crc.update(trailerBytes, 0, TRAILER_CRC_OFFSET);
        if ((int) crc.getValue() != i32(trailerBytes, TRAILER_CRC_OFFSET)) {
            return "trailer checksum mismatch";
        }
        return null;
    }

    private void checkTrailerValues(long at) {
        int reason = trailer.closeReason();
        if (reason != LogTrailer.CLOSED_BY_CALL && reason != LogTrailer.CLOSED_AT_SHUTDOWN) {
            problems.add(Kind.BAD_TRAILER, at + 100, 4, "unknown close reason " + reason
                    + "; the totals are used regardless");
        }
        if (i32(trailerBytes, 104) != 0) {
            problems.add(Kind.BAD_TRAILER, at + 104, 4, "reserved bytes are not zero; ignored");
        }
        if (trailer.recordsWritten() != recordCount || trailer.blocksWritten() != blockCount) {
            int written = Long.compareUnsigned(trailer.recordsWritten(), recordCount);
            String verdict = written > 0 ? "written records are missing (lost to damage?)"
                    : written < 0 ? "more records than written (duplicated blocks?)"
                    : "the blocks are not the ones written";
            problems.add(Kind.TRAILER_MISMATCH, at, TRAILER_BYTES, "the trailer counts "
                    + Long.toUnsignedString(trailer.recordsWritten()) + " records in "
                    + Long.toUnsignedString(trailer.blocksWritten()) + " blocks, the file holds "
                    + count(recordCount, "record") + " in " + count(blockCount, "intact block")
                    + ": " + verdict);
        }
    }

    /**
     * Handles damage at {@code at}: resumes at the next valid block or trailer if there is one,
     * else ends the file there.
     *
     * @param truncated whether the bytes at {@code at} look like the start of a block or trailer
     *     that the end of the file cut short, i.e. the last write of a killed writer
     * @param damage what is wrong at {@code at}, if known; when it turns out to be a cut-short
     *     tail, that is reported instead
     */
    private void recover(long at, boolean truncated, LogProblem damage) throws IOException {
        long next = findValidUnit(at + 1);
        if (next >= 0) {
            if (damage != null) {
                problems.add(damage);
            }
            problems.add(Kind.SKIPPED_BYTES, at, next - at, "skipped " + (next - at)
                    + " damaged bytes; reading resumed at the next intact "
                    + (magicAt(next) == BLOCK_MAGIC ? "block" : "trailer") + " at offset "
                    + next);
            position = next;
            return;
        }
        if (truncated) {
            problems.add(Kind.TRUNCATED_TAIL, at, size - at, "the file ends " + (size - at)
                    + " bytes into a block or trailer: an incomplete last write, as a killed"
                    + " writer leaves; every complete block before it was read");
        } else {
            if (damage != null) {
                problems.add(damage);
            }
            problems.add(Kind.SKIPPED_BYTES, at, size - at, "skipped the last " + (size - at)
                    + " bytes: no intact block or trailer follows offset " + at
                    + (scanBudgetBytes < 0 ? " (the search gave up: the rest of the file is a"
                            + " maze of would-be blocks with bad checksums)" : ""));
        }
        endWithoutTrailer();
    }

    private void endWithoutTrailer() {
        problems.add(Kind.MISSING_TRAILER, size, 0, "no trailer: the channel was not closed"
                + " cleanly (writer killed, or still writing?); every intact block was read ("
                + count(blockCount, "block") + ", " + count(recordCount, "record") + "), but"
                + " the channel's totals (accepted, filtered, dropped, rejected) are unknown");
        position = size;
        finished = true;
    }

    /** The first offset at or after {@code from} where an intact block or trailer starts. */
    private long findValidUnit(long from) throws IOException {
        if (scanChunk == null) {
            scanChunk = new byte[SCAN_CHUNK_BYTES];
        }
        long chunkStart = from;
        while (size - chunkStart >= MAGIC_BYTES && scanBudgetBytes >= 0) {
            int length = (int) Math.min(scanChunk.length, size - chunkStart);
            input.readFully(chunkStart, scanChunk, 0, length);
            for (int i = 0; i + MAGIC_BYTES <= length; i++) {
                if (scanChunk[i] == 'C' && scanChunk[i + 1] == 'P') {
                    long candidate = chunkStart + i;
                    int magic = i32(scanChunk, i);
                    if ((magic == BLOCK_MAGIC && isIntactBlock(candidate))
                            || (magic == TRAILER_MAGIC && isIntactTrailer(candidate))) {
                        return candidate;
                    }
                }
            }
            // Overlap the chunks so a magic straddling their border is still seen.
            chunkStart += length - (MAGIC_BYTES - 1);
        }
        return -1;
    }

    private boolean isIntactBlock(long at) throws IOException {
        long remaining = size - at;
        if (remaining < BLOCK_HEADER_BYTES || decoder.readHeader(input, at) != null
                || decoder.blockLength() > remaining) {
            return false;
        }
        scanBudgetBytes -= decoder.blockLength();
        return scanBudgetBytes >= 0 && decoder.readPayload(input, at) == null;
    }

    private boolean isIntactTrailer(long at) throws IOException {
        return size - at >= TRAILER_BYTES && checkTrailer(at) == null;
    }

    /** Whether the {@code length} bytes at {@code at} are a prefix of a block or trailer magic. */
    private boolean startsLikeUnit(long at, int length) throws IOException {
        input.readFully(at, magicBytes, 0, length);
        Arrays.fill(magicBytes, length, MAGIC_BYTES, (byte) 0);
        int prefixMask = (int) ((1L << (8 * length)) - 1);
        int bytes = i32(magicBytes, 0) & prefixMask;
        return bytes == (BLOCK_MAGIC & prefixMask) || bytes == (TRAILER_MAGIC & prefixMask);
    }

    private int magicAt(long at) throws IOException {
        input.readFully(at, magicBytes, 0, MAGIC_BYTES);
        return i32(magicBytes, 0);
    }

    private void account(RecordBlock block) {
        int columns = block.columnCount();
        int last = block.recordCount() - 1;
        if (firstRecord == null) {
            firstRecord = new long[columns];
            lastRecord = new long[columns];
            for (int c = 0; c < columns; c++) {
                firstRecord[c] = block.column(c)[0];
            }
        }
        for (int c = 0; c < columns; c++) {
            lastRecord[c] = block.column(c)[last];
        }
        blockCount++;
        recordCount += block.recordCount();
    }

    /** Releases the file and, if zstd blocks were read, zstd's native context. */
    @Override
    public void close() throws IOException {
        try {
            if (decoder != null) {
                decoder.close();
            }
        } finally {
            input.close();
        }
    }
}
