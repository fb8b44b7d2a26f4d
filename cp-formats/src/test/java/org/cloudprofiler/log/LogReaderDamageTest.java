package org.cloudprofiler.log;

import static org.cloudprofiler.log.LogProblem.Kind.BAD_BLOCK_CRC;
import static org.cloudprofiler.log.LogProblem.Kind.BAD_BLOCK_HEADER;
import static org.cloudprofiler.log.LogProblem.Kind.BAD_COMPRESSION;
import static org.cloudprofiler.log.LogProblem.Kind.BAD_HEADER;
import static org.cloudprofiler.log.LogProblem.Kind.BAD_HEADER_CRC;
import static org.cloudprofiler.log.LogProblem.Kind.BAD_MAGIC;
import static org.cloudprofiler.log.LogProblem.Kind.BAD_PAYLOAD;
import static org.cloudprofiler.log.LogProblem.Kind.BAD_TRAILER;
import static org.cloudprofiler.log.LogProblem.Kind.EMPTY_FILE;
import static org.cloudprofiler.log.LogProblem.Kind.MISSING_TRAILER;
import static org.cloudprofiler.log.LogProblem.Kind.SKIPPED_BYTES;
import static org.cloudprofiler.log.LogProblem.Kind.TRAILER_MISMATCH;
import static org.cloudprofiler.log.LogProblem.Kind.TRAILING_GARBAGE;
import static org.cloudprofiler.log.LogProblem.Kind.TRUNCATED_HEADER;
import static org.cloudprofiler.log.LogProblem.Kind.TRUNCATED_TAIL;
import static org.cloudprofiler.log.LogProblem.Kind.UNSUPPORTED_VERSION;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** Every kind of damage is reported with the right kind and offset, and reading goes on. */
class LogReaderDamageTest {

    /** Three blocks of 10, 20 and 30 records; ids 0..59, tsc 1000 + 3·id. */
    private static final int[] BLOCK_RECORDS = {10, 20, 30};

    private final LogFileBuilder builder = threeBlocks(new LogFileBuilder());

    @TempDir
    Path directory;

    private static LogFileBuilder threeBlocks(LogFileBuilder builder) {
        int id = 0;
        for (int records : BLOCK_RECORDS) {
            long[] ids = new long[records];
            long[] tscs = new long[records];
            for (int i = 0; i < records; i++, id++) {
                ids[i] = id;
                tscs[i] = 1000 + 3L * id;
            }
            builder.block(ids, tscs);
        }
        return builder;
    }

    private LogFileBuilder closed() {
        return builder.trailer(new LogTrailer(60, 3, 60, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1));
    }

    private static long[] ids(int from, int to) {
        long[] ids = new long[to - from];
        Arrays.setAll(ids, i -> from + i);
        return ids;
    }

    private static void assertProblem(ReadResult result, LogProblem.Kind kind, long offset,
            long length) {
        LogProblem problem = result.only(kind);
        assertEquals(offset, problem.offset(), problem.toString());
        assertEquals(length, problem.length(), problem.toString());
    }

    // ---- header ----

    @Test
    void emptyFileIsReportedAsSuch() {
        ReadResult result = ReadResult.of(new byte[0]);
        assertEquals(List.of(EMPTY_FILE), result.kinds());
        assertNull(result.summary().header());
        assertTrue(result.summary().problems().get(0).message().contains("killed"));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 8, 15, 16, 60, 96, 100})
    void shortHeaderIsTruncated(int length) {
        byte[] file = Arrays.copyOf(closed().build(), length);
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(TRUNCATED_HEADER), result.kinds());
        assertProblem(result, TRUNCATED_HEADER, 0, length);
        assertNull(result.summary().header());
    }

    @Test
    void headerOneByteShortIsTruncated() {
        byte[] header = builder.header();
        ReadResult result = ReadResult.of(Arrays.copyOf(header, header.length - 1));
        assertEquals(List.of(TRUNCATED_HEADER), result.kinds());
    }

    @ParameterizedTest
    @ValueSource(strings = {"PK\u0003\u0004 a zip file, not a log", "CPLOX", "x"})
    void wrongMagicIsNotALog(String content) {
        ReadResult result = ReadResult.of(content.getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(List.of(BAD_MAGIC), result.kinds());
        assertProblem(result, BAD_MAGIC, 0, 0);
    }

    @Test
    void unknownVersionIsRefused() {
        ReadResult result = ReadResult.of(closed().version(2).build());
        assertEquals(List.of(UNSUPPORTED_VERSION), result.kinds());
        assertProblem(result, UNSUPPORTED_VERSION, 8, 2);
        assertTrue(result.blocks().isEmpty());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 105, 4097, 0xFFFF_FFFFL})
    void absurdHeaderLengthIsCorruptionNotAnAllocation(long headerLength) {
        byte[] file = closed().build();
        LogFileBuilder.putInt(file, 12, (int) headerLength);
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_HEADER), result.kinds());
        assertProblem(result, BAD_HEADER, 12, 4);
    }

    @Test
    void headerChecksumMismatchIsReportedAndBlocksAreStillRead() {
        byte[] file = closed().build();
        int nodeByte = 96 + 2;
        file[nodeByte] ^= 0x01;
        int headerLength = builder.header().length;
        ReadResult result = ReadResult.of(file);

        assertEquals(List.of(BAD_HEADER_CRC), result.kinds());
        assertProblem(result, BAD_HEADER_CRC, headerLength - 4, 4);
        assertEquals("uest-node", result.summary().header().node());
        assertEquals(3, result.blocks().size());
        assertNotNull(result.summary().trailer());
    }

    @ParameterizedTest
    @CsvSource({"60, 0", "60, 9", "60, 200"})
    void columnCountOutOfRangeStopsReading(int offset, int value) {
        byte[] file = closed().build();
        file[offset] = (byte) value;
        LogFileBuilder.refreshHeaderCrc(file);
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_HEADER), result.kinds());
        assertProblem(result, BAD_HEADER, 60, 0);
        assertNull(result.summary().header());
    }

    @Test
    void nameLongerThanTheLimitStopsReading() {
        byte[] file = closed().build();
        file[96] = 0x01;
        file[97] = 0x04;
        LogFileBuilder.refreshHeaderCrc(file);
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_HEADER), result.kinds());
        assertTrue(result.summary().problems().get(0).message().contains("1025"));
    }

    @Test
    void nameRunningPastTheHeaderStopsReading() {
        byte[] file = closed().build();
        file[96] = (byte) 200;
        LogFileBuilder.refreshHeaderCrc(file);
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_HEADER), result.kinds());
        assertProblem(result, BAD_HEADER, 96, 0);
    }

    @Test
    void checksumMismatchAndBrokenStructureAreBothReported() {
        byte[] file = closed().build();
        file[60] = 9;
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_HEADER_CRC, BAD_HEADER), result.kinds());
    }

    @Test
    void unknownColumnEncodingStopsReading() {
        byte[] file = builder.columns(List.of(new LogColumn(0, "id"), new LogColumn(3, "tsc")))
                .build();
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_HEADER), result.kinds());
        assertTrue(result.summary().problems().get(0).message().contains("encoding 3"));
    }

    @Test
    void unknownFieldValuesAreReportedButBlocksAreRead() {
        byte[] file = closed().handlerId(99).codec(7).clockSource(5).multiWriter(3)
                .flags(0x8001).build();
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_HEADER, BAD_HEADER, BAD_HEADER, BAD_HEADER, BAD_HEADER),
                result.kinds());
        assertEquals(List.of(10L, 56L, 58L, 59L, 61L),
                result.summary().problems().stream().map(LogProblem::offset).toList());
        assertNull(result.summary().header().handler());
        assertNull(result.summary().header().codec());
        assertEquals(60, result.summary().recordCount());
    }

    @Test
    void bytesBetweenColumnsAndChecksumAreReported() {
        byte[] valid = closed().build();
        int headerLength = builder.header().length;
        byte[] file = new byte[valid.length + 3];
        System.arraycopy(valid, 0, file, 0, headerLength - 4);
        System.arraycopy(valid, headerLength - 4, file, headerLength - 1, valid.length
                - headerLength + 4);
        LogFileBuilder.putInt(file, 12, headerLength + 3);
        LogFileBuilder.refreshHeaderCrc(file);
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_HEADER), result.kinds());
        assertProblem(result, BAD_HEADER, headerLength - 4, 3);
        assertEquals(60, result.summary().recordCount());
    }

    // ---- blocks ----

    @Test
    void blockChecksumMismatchSkipsToTheNextBlock() {
        byte[] file = closed().build();
        int damaged = builder.blockOffset(1);
        int next = builder.blockOffset(2);
        file[damaged + 30] ^= 0x40;
        ReadResult result = ReadResult.of(file);

        assertEquals(List.of(BAD_BLOCK_CRC, SKIPPED_BYTES, TRAILER_MISMATCH), result.kinds());
        assertProblem(result, BAD_BLOCK_CRC, damaged, next - damaged);
        assertProblem(result, SKIPPED_BYTES, damaged, next - damaged);
        assertArrayEquals(concat(ids(0, 10), ids(30, 60)), result.column(0));
        assertTrue(result.only(TRAILER_MISMATCH).message().contains("missing"));
    }

    @ParameterizedTest(name = "header byte {0} = {1}")
    @CsvSource({
        "4, 2", // unknown kind
        "5, 2", // unknown codec
        "6, 1", // reserved
        "8, 0", // record count 0
        "10, 16", // record count 2^20 + 1 (with byte 8 = 1 set below)
        "14, 1", // raw block with L != U
    })
    void blockHeaderFieldOutOfRangeIsSkipped(int fieldOffset, int value) {
        byte[] file = closed().build();
        int damaged = builder.blockOffset(1);
        file[damaged + fieldOffset] = (byte) value;
        if (fieldOffset == 10) {
            LogFileBuilder.putInt(file, damaged + 8, (1 << 20) + 1);
        }
        if (fieldOffset != 14) {
            LogFileBuilder.refreshBlockCrc(file, damaged);
        }
        ReadResult result = ReadResult.of(file);

        assertEquals(List.of(BAD_BLOCK_HEADER, SKIPPED_BYTES, TRAILER_MISMATCH), result.kinds());
        assertProblem(result, BAD_BLOCK_HEADER, damaged, 24);
        assertProblem(result, SKIPPED_BYTES, damaged, builder.blockOffset(2) - damaged);
        assertEquals(40, result.summary().recordCount());
    }

    @ParameterizedTest
    @ValueSource(longs = {(64L << 20) + 1, 0x7FFF_FFFFL, 0xFFFF_FFFFL})
    void absurdLengthsAreCorruptionNotAllocations(long length) {
        byte[] valid = closed().build();
        for (int field : new int[] {12, 16}) {
            byte[] file = valid.clone();
            int damaged = builder.blockOffset(0);
            LogFileBuilder.putInt(file, damaged + field, (int) length);
            ReadResult result = ReadResult.of(file);
            assertEquals(List.of(BAD_BLOCK_HEADER, SKIPPED_BYTES, TRAILER_MISMATCH),
                    result.kinds(), "field " + field);
            assertTrue(result.only(BAD_BLOCK_HEADER).message().contains("limit"));
        }
    }

    @Test
    void lengthRunningPastTheEndMidFileIsDamageNotTruncation() {
        byte[] file = closed().build();
        int damaged = builder.blockOffset(0);
        LogFileBuilder.putInt(file, damaged + 8, 1 << 20);
        LogFileBuilder.putInt(file, damaged + 12, 16 << 20);
        LogFileBuilder.putInt(file, damaged + 16, 16 << 20);
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_BLOCK_HEADER, SKIPPED_BYTES, TRAILER_MISMATCH), result.kinds());
        assertTrue(result.only(BAD_BLOCK_HEADER).message().contains("remain in the file"));
        assertEquals(50, result.summary().recordCount());
    }

    @Test
    void decodedLengthThatCannotHoldTheRecordsIsSkipped() {
        byte[] file = closed().build();
        int damaged = builder.blockOffset(2);
        LogFileBuilder.putInt(file, damaged + 8, 1000);
        LogFileBuilder.refreshBlockCrc(file, damaged);
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_BLOCK_HEADER, SKIPPED_BYTES, TRAILER_MISMATCH), result.kinds());
        assertTrue(result.only(BAD_BLOCK_HEADER).message().contains("cannot hold"));
    }

    /** Column sections of a 3-record, 2-column block with a valid checksum. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "overlong varint, 0C000000 808080808080808080800102 03000000 010101, longer than 10",
        "10th byte above 1, 0C000000 020280808080808080808002 03000000 010101, longer than 10",
        "redundant zero byte, 04000000 02028000 03000000 010101, redundant",
        "too few values, 04000000 8201 8201 03000000 010101, fewer than 3",
        "varint cut by section end, 05000000 8201 8201 82 03000000 010101, fewer than 3",
        "too many values, 04000000 02020202 03000000 010101, 1 bytes after its 3 values",
        "section longer than payload, E8030000 020202 03000000 010101, claims 1000",
        "bytes after last section, 03000000 020202 03000000 010101 0000, follow the last",
        "no room for section length, 0B000000 0202FFFFFFFFFFFFFFFF7F 0101, no room",
    })
    void badPayloadWithValidChecksumSkipsJustThatBlock(String what, String hex, String says) {
        byte[] payload = hex(hex);
        LogFileBuilder file = new LogFileBuilder()
                .block(new long[] {1}, new long[] {2})
                .rawBlock(1, LogFileBuilder.RAW, 0, 3, payload, payload.length)
                .block(new long[] {3}, new long[] {4});
        ReadResult result = ReadResult.of(file.build());

        assertEquals(List.of(BAD_PAYLOAD, MISSING_TRAILER), result.kinds(), what);
        assertProblem(result, BAD_PAYLOAD, file.blockOffset(1), 24 + payload.length);
        assertTrue(result.only(BAD_PAYLOAD).message().contains(says),
                result.only(BAD_PAYLOAD).message());
        assertArrayEquals(new long[] {1, 3}, result.column(0));
    }

    @Test
    void tenByteVarintsDecode() {
        // zigzag(Long.MIN_VALUE) = 2^64 - 1: nine 0xFF bytes then 0x01.
        byte[] payload = hex("0A000000 FFFFFFFFFFFFFFFFFF01 01000000 00");
        byte[] file = new LogFileBuilder()
                .rawBlock(1, LogFileBuilder.RAW, 0, 1, payload, payload.length).build();
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(MISSING_TRAILER), result.kinds());
        assertEquals(Long.MIN_VALUE, result.blocks().get(0).value(0, 0));
    }

    @Test
    void zstdFramesThatDoNotDecodeToTheStatedSizeAreReported() {
        byte[] decoded = LogFileBuilder.payload(ids(0, 40), ids(100, 140));
        byte[] frame = Zstd.compress(decoded, 3);
        byte[] noContentSize;
        try (ZstdCompressCtx context = new ZstdCompressCtx()) {
            noContentSize = context.setLevel(3).setContentSize(false).compress(decoded);
        }
        byte[][] frames = {
            "not a zstd frame at all".getBytes(StandardCharsets.US_ASCII),
            frame,
            noContentSize,
            concat(frame, new byte[] {0, 0, 0}),
            Arrays.copyOf(frame, frame.length - 3),
        };
        int[] statedLengths = {decoded.length, decoded.length + 5, decoded.length,
            decoded.length, decoded.length};
        for (int i = 0; i < frames.length; i++) {
            LogFileBuilder file = new LogFileBuilder()
                    .rawBlock(1, LogFileBuilder.ZSTD, 0, 40, frames[i], statedLengths[i])
                    .block(LogFileBuilder.ZSTD, new long[] {7}, new long[] {8});
            ReadResult result = ReadResult.of(file.build());
            assertEquals(List.of(BAD_COMPRESSION, MISSING_TRAILER), result.kinds(), "case " + i);
            assertProblem(result, BAD_COMPRESSION, file.blockOffset(0), 24 + frames[i].length);
            assertArrayEquals(new long[] {7}, result.column(0));
        }
    }

    // ---- tail and trailer ----

    @Test
    void fileEndingAfterABlockIsNotClosedCleanly() {
        byte[] file = builder.build();
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(MISSING_TRAILER), result.kinds());
        assertProblem(result, MISSING_TRAILER, file.length, 0);
        assertEquals(60, result.summary().recordCount());
        assertTrue(result.only(MISSING_TRAILER).message().contains("not closed cleanly"));
    }

    @Test
    void headerOnlyFileIsNotClosedCleanly() {
        ReadResult result = ReadResult.of(new LogFileBuilder().build());
        assertEquals(List.of(MISSING_TRAILER), result.kinds());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 10, 23, 24, 25, 40})
    void lastBlockCutShortIsATruncatedTail(int keptBytes) {
        int last = builder.blockOffset(2);
        byte[] file = Arrays.copyOf(builder.build(), last + keptBytes);
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(TRUNCATED_TAIL, MISSING_TRAILER), result.kinds());
        assertProblem(result, TRUNCATED_TAIL, last, keptBytes);
        assertProblem(result, MISSING_TRAILER, file.length, 0);
        assertArrayEquals(ids(0, 30), result.column(0));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 8, 111})
    void trailerCutShortIsATruncatedTail(int keptBytes) {
        LogFileBuilder closed = closed();
        byte[] file = Arrays.copyOf(closed.build(), closed.trailerOffset() + keptBytes);
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(TRUNCATED_TAIL, MISSING_TRAILER), result.kinds());
        assertProblem(result, TRUNCATED_TAIL, closed.trailerOffset(), keptBytes);
        assertEquals(60, result.summary().recordCount());
    }

    @Test
    void unrecognisedLastBytesAreSkipped() {
        byte[] file = builder.bytes(new byte[] {'x', 'y'}).build();
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(SKIPPED_BYTES, MISSING_TRAILER), result.kinds());
        assertProblem(result, SKIPPED_BYTES, file.length - 2, 2);
    }

    @Test
    void trailerChecksumMismatchLosesTheTotalsOnly() {
        LogFileBuilder closed = closed();
        byte[] file = closed.build();
        file[closed.trailerOffset() + 30] ^= 0x10;
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_TRAILER, SKIPPED_BYTES, MISSING_TRAILER), result.kinds());
        assertProblem(result, BAD_TRAILER, closed.trailerOffset(), 112);
        assertNull(result.summary().trailer());
        assertEquals(60, result.summary().recordCount());
    }

    @Test
    void trailerWithWrongLengthIsBad() {
        LogFileBuilder closed = closed();
        byte[] file = closed.build();
        LogFileBuilder.putInt(file, closed.trailerOffset() + 4, 113);
        LogFileBuilder.refreshTrailerCrc(file, closed.trailerOffset());
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_TRAILER, SKIPPED_BYTES, MISSING_TRAILER), result.kinds());
        assertTrue(result.only(BAD_TRAILER).message().contains("113"));
    }

    @Test
    void unknownCloseReasonKeepsTheTrailer() {
        LogFileBuilder closed = builder.trailer(
                new LogTrailer(60, 3, 60, 0, 0, 0, 0, 0, 0, 0, 0, 1, 9));
        ReadResult result = ReadResult.of(closed.build());
        assertEquals(List.of(BAD_TRAILER), result.kinds());
        assertProblem(result, BAD_TRAILER, closed.trailerOffset() + 100, 4);
        assertNotNull(result.summary().trailer());
    }

    @Test
    void garbageAfterTheTrailerIsReported() {
        LogFileBuilder closed = closed();
        byte[] file = closed.bytes(new byte[77]).build();
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(TRAILING_GARBAGE), result.kinds());
        assertProblem(result, TRAILING_GARBAGE, closed.trailerOffset() + 112, 77);
        assertNotNull(result.summary().trailer());
    }

    @Test
    void trailerTotalsThatDisagreeAreReported() {
        byte[] file = builder.trailer(new LogTrailer(61, 3, 61, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1))
                .build();
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(TRAILER_MISMATCH), result.kinds());
        assertTrue(result.only(TRAILER_MISMATCH).message().contains("61 records"));
    }

    // ---- resynchronisation ----

    @Test
    void overwrittenBlockMagicResumesAtTheNextBlock() {
        byte[] file = closed().build();
        int damaged = builder.blockOffset(1);
        file[damaged] = 'X';
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(SKIPPED_BYTES, TRAILER_MISMATCH), result.kinds());
        assertProblem(result, SKIPPED_BYTES, damaged, builder.blockOffset(2) - damaged);
        assertArrayEquals(concat(ids(0, 10), ids(30, 60)), result.column(0));
    }

    @Test
    void insertedGarbageWithFakeMagicsIsSkipped() {
        byte[] valid = closed().build();
        int at = builder.blockOffset(1);
        // Fake block and trailer magics with nonsense after them: the scan must pass them.
        byte[] garbage = "CPBK\u0001\u0000\u0000\u0000\u0003CPTRpCPCPBKCP"
                .getBytes(StandardCharsets.ISO_8859_1);
        byte[] file = concat(Arrays.copyOf(valid, at), garbage,
                Arrays.copyOfRange(valid, at, valid.length));
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(BAD_BLOCK_HEADER, SKIPPED_BYTES), result.kinds());
        assertProblem(result, SKIPPED_BYTES, at, garbage.length);
        assertArrayEquals(ids(0, 60), result.column(0));
    }

    @Test
    void duplicatedBlockIsReadTwiceAndFlaggedByTheTrailer() {
        byte[] valid = closed().build();
        int from = builder.blockOffset(1);
        int to = builder.blockOffset(2);
        byte[] file = concat(Arrays.copyOf(valid, to), Arrays.copyOfRange(valid, from, to),
                Arrays.copyOfRange(valid, to, valid.length));
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(TRAILER_MISMATCH), result.kinds());
        assertEquals(80, result.summary().recordCount());
        assertTrue(result.only(TRAILER_MISMATCH).message().contains("duplicated"));
    }

    @Test
    void problemsBeyondTheCapAreCountedNotKept() {
        LogFileBuilder many = new LogFileBuilder();
        for (int b = 0; b < 1500; b++) {
            many.block(new long[] {b}, new long[] {b});
        }
        byte[] file = many.build();
        for (int b = 0; b < 1500; b += 2) {
            file[many.blockOffset(b) + 26] ^= 1;
        }
        ReadResult result = ReadResult.of(file);
        assertEquals(ProblemLog.MAX_KEPT, result.summary().problems().size());
        assertEquals(750 * 2 + 1, result.summary().problemCount());
        assertEquals(750, result.summary().blockCount());
    }

    @Test
    void mazeOfWouldBeBlocksIsGivenUpOnNotScannedForever() {
        // Each fake block claims (almost) the rest of the file, so checking them all would
        // checksum ~10^11 bytes; the reader's scan budget keeps the work linear instead.
        int fakes = 100_000;
        byte[] header = builder.header();
        byte[] file = Arrays.copyOf(header, header.length + 24 * fakes);
        for (int f = 0; f < fakes; f++) {
            int at = header.length + 24 * f;
            LogFileBuilder.putInt(file, at, 0x4B425043);
            file[at + 4] = 1;
            file[at + 5] = (byte) LogFileBuilder.ZSTD;
            LogFileBuilder.putInt(file, at + 8, 1 << 20);
            LogFileBuilder.putInt(file, at + 12, file.length - at - 24);
            LogFileBuilder.putInt(file, at + 16, 4 << 20);
        }
        ReadResult result = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> ReadResult.of(file));
        assertEquals(List.of(BAD_BLOCK_CRC, SKIPPED_BYTES, MISSING_TRAILER), result.kinds());
        assertTrue(result.only(SKIPPED_BYTES).message().contains("gave up"));
    }

    @Test
    void missingFileIsAnIoException() {
        assertThrows(NoSuchFileException.class,
                () -> LogReader.open(directory.resolve("absent.cplog")));
    }

    private static byte[] hex(String text) {
        String digits = text.replace(" ", "");
        byte[] bytes = new byte[digits.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static long[] concat(long[] first, long[] second) {
        long[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
