package org.cloudprofiler.log;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Files the builder writes read back with every value intact, whatever the values. */
class LogReaderRoundTripTest {

    private static final long[] EXTREMES = {
        0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1,
        Long.MIN_VALUE, Long.MAX_VALUE, 0, 1L << 62, -(1L << 62), 0x7F, 0x80, -0x40, -0x41,
    };

    @TempDir
    Path directory;

    @ParameterizedTest
    @ValueSource(ints = {LogFileBuilder.RAW, LogFileBuilder.ZSTD})
    void everyColumnCountRoundTrips(int codec) {
        Random random = new Random(7);
        for (int columnCount = 1; columnCount <= 8; columnCount++) {
            String[] names = new String[columnCount];
            for (int c = 0; c < columnCount; c++) {
                names[c] = "c" + c;
            }
            LogFileBuilder builder = new LogFileBuilder().codec(codec).columns(names);
            List<long[][]> blocks = new ArrayList<>();
            for (int b = 0; b < 3; b++) {
                long[][] values = randomColumns(random, columnCount, 1 + random.nextInt(300));
                blocks.add(values);
                builder.block(values);
            }
            builder.trailer(totals(blocks));
            ReadResult result = ReadResult.of(builder.build());

            assertEquals(List.of(), result.summary().problems(), "C=" + columnCount);
            assertEquals(columnCount, result.summary().header().columnCount());
            assertEquals(blocks.size(), result.blocks().size());
            for (int b = 0; b < blocks.size(); b++) {
                RecordBlock block = result.blocks().get(b);
                assertEquals(LogFormat.fromId(codec), block.codec());
                for (int c = 0; c < columnCount; c++) {
                    assertArrayEquals(blocks.get(b)[c], block.column(c), "C=" + columnCount);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {LogFileBuilder.RAW, LogFileBuilder.ZSTD})
    void extremeValuesWrapAround(int codec) {
        // Deltas between these overflow 64 bits both ways; the reader must wrap as the writer.
        long[] descending = new long[EXTREMES.length];
        for (int i = 0; i < descending.length; i++) {
            descending[i] = EXTREMES[EXTREMES.length - 1 - i];
        }
        byte[] file = new LogFileBuilder().codec(codec)
                .block(EXTREMES, descending)
                .block(new long[] {Long.MIN_VALUE}, new long[] {Long.MAX_VALUE})
                .block(new long[] {Long.MAX_VALUE}, new long[] {Long.MIN_VALUE})
                .build();
        ReadResult result = ReadResult.of(file);

        assertEquals(List.of(LogProblem.Kind.MISSING_TRAILER), result.kinds());
        assertArrayEquals(EXTREMES, result.blocks().get(0).copy().column(0));
        assertArrayEquals(descending, result.blocks().get(0).copy().column(1));
        assertEquals(Long.MIN_VALUE, result.blocks().get(1).value(0, 0));
        assertEquals(Long.MAX_VALUE, result.blocks().get(1).value(1, 0));
        assertEquals(Long.MAX_VALUE, result.blocks().get(2).value(0, 0));
        assertEquals(Long.MIN_VALUE, result.blocks().get(2).value(1, 0));
        assertEquals(List.of(Long.MAX_VALUE, Long.MIN_VALUE), result.summary().lastRecord());
    }

    @Test
    void blocksMayMixCodecs() {
        long[] ids = {5, 6, 7};
        byte[] file = new LogFileBuilder().codec(LogFileBuilder.ZSTD)
                .block(LogFileBuilder.RAW, ids, ids)
                .block(LogFileBuilder.ZSTD, ids, ids)
                .build();
        ReadResult result = ReadResult.of(file);
        assertEquals(LogFormat.RAW, result.blocks().get(0).codec());
        assertEquals(LogFormat.ZSTD, result.blocks().get(1).codec());
        assertArrayEquals(new long[] {5, 6, 7, 5, 6, 7}, result.column(1));
    }

    @Test
    void headerFieldsRoundTrip() {
        byte[] file = new LogFileBuilder().flags(LogHeader.FLAG_TEST_CLOCK)
                .pid(0xFFFF_FFFFL).openerTid(0x8000_0000L).tscHz(-1L)
                .openClocks(Long.MIN_VALUE, -5, Long.MAX_VALUE).handlerId(6)
                .codec(LogFileBuilder.ZSTD).clockSource(1).multiWriter(1)
                .parameter(0, 1).parameter(1, 100).parameter(2, -1).parameter(3, Long.MIN_VALUE)
                .node("nœud-ü").channel("op/12/first-last").columns("id", "tsc", "raw_tsc")
                .build();
        LogHeader header = ReadResult.of(file).summary().header();

        assertTrue(header.testClock());
        assertEquals(0xFFFF_FFFFL, header.pid());
        assertEquals(0x8000_0000L, header.openerTid());
        assertEquals(-1L, header.tscHz());
        assertEquals(Long.MIN_VALUE, header.openTsc());
        assertEquals(-5, header.openMonoNs());
        assertEquals(Long.MAX_VALUE, header.openRealtimeNs());
        assertSame(HandlerType.XOY, header.handler());
        assertSame(LogFormat.ZSTD, header.codec());
        assertEquals(LogHeader.CLOCK_SOURCE_MONOTONIC_RAW, header.clockSource());
        assertTrue(header.multiWriter());
        assertEquals(List.of(1L, 100L, -1L, Long.MIN_VALUE), header.parameters());
        assertEquals("nœud-ü", header.node());
        assertEquals("op/12/first-last", header.channel());
        assertEquals(2, header.columnIndex("raw_tsc"));
        assertEquals(-1, header.columnIndex("nope"));
    }

    @Test
    void closedChannelWithoutRecordsHasNoProblems() {
        byte[] file = new LogFileBuilder().handlerId(0)
                .trailer(new LogTrailer(0, 0, 9, 9, 0, 0, 0, 0, 1, 2, 3, 0, 2)).build();
        ReadResult result = ReadResult.of(file);
        assertEquals(List.of(), result.summary().problems());
        assertEquals(0, result.summary().recordCount());
        assertEquals(List.of(), result.summary().firstRecord());
        assertTrue(Double.isNaN(result.summary().bytesPerRecord()));
        assertEquals(LogTrailer.CLOSED_AT_SHUTDOWN, result.summary().trailer().closeReason());
    }

    @Test
    void fileReadsMatchMemoryReadsForEveryWindowSize() throws IOException {
        Random random = new Random(11);
        LogFileBuilder builder = new LogFileBuilder();
        List<long[][]> blocks = new ArrayList<>();
        for (int b = 0; b < 20; b++) {
            long[][] values = randomColumns(random, 2, 1 + random.nextInt(50));
            blocks.add(values);
            builder.block(b % 2 == 0 ? LogFileBuilder.RAW : LogFileBuilder.ZSTD, values);
        }
        byte[] file = builder.trailer(totals(blocks)).build();
        file[builder.blockOffset(7) + 30] ^= 1;
        Path path = Files.write(directory.resolve("window.cplog"), file);
        ReadResult memory = ReadResult.of(file);

        for (int window :
                new int[] {24, 25, 64, 113, 1000, WindowedLogInput.DEFAULT_WINDOW_BYTES}) {
            ReadResult disk = ReadResult.of(path, window);
            assertEquals(memory.summary().problems(), disk.summary().problems(), "" + window);
            assertArrayEquals(memory.column(0), disk.column(0), "window " + window);
            assertArrayEquals(memory.column(1), disk.column(1), "window " + window);
        }
        assertEquals(19, memory.blocks().size());
    }

    @Test
    void returnedBlockIsReusedAndCopiesAreNot() throws IOException {
        byte[] file = new LogFileBuilder()
                .block(new long[] {1, 2, 3}, new long[] {4, 5, 6})
                .block(new long[] {7}, new long[] {8})
                .build();
        try (LogReader reader = LogReader.fromBytes("memory", file)) {
            RecordBlock first = reader.nextBlock();
            RecordBlock kept = first.copy();
            RecordBlock second = reader.nextBlock();
            assertSame(first, second);
            assertEquals(1, second.recordCount());
            assertEquals(3, kept.recordCount());
            assertArrayEquals(new long[] {4, 5, 6}, kept.column(1));
            assertNull(reader.nextBlock());
            assertNull(reader.nextBlock());
        }
    }

    @Test
    void readsMillionsOfRecordsPerSecond() throws IOException {
        // Prints the figure; tests never assert on wall-clock speed.
        int records = 2_000_000;
        int perBlock = 65_536;
        LogFileBuilder builder = new LogFileBuilder();
        long tsc = 1_000_000;
        for (int start = 0; start < records; start += perBlock) {
            int n = Math.min(perBlock, records - start);
            long[] ids = new long[n];
            long[] tscs = new long[n];
            for (int i = 0; i < n; i++) {
                ids[i] = start + i;
                tsc += 2_000 + (i % 13);
                tscs[i] = tsc;
            }
            builder.block(ids, tscs);
        }
        Path path = Files.write(directory.resolve("big.cplog"), builder.build());
        for (int round = 0; round < 3; round++) {
            long startNs = System.nanoTime();
            long sum = 0;
            long count = 0;
            try (LogReader reader = LogReader.open(path)) {
                for (RecordBlock b = reader.nextBlock(); b != null; b = reader.nextBlock()) {
                    long[] ids = b.column(0);
                    for (int i = 0; i < b.recordCount(); i++) {
                        sum += ids[i];
                    }
                    count += b.recordCount();
                }
            }
            long elapsedNs = System.nanoTime() - startNs;
            assertEquals((long) records * (records - 1) / 2, sum);
            System.out.printf("LogReader: %d records (%d bytes) in %.1f ms: %.1f M records/s%n",
                    count, Files.size(path), elapsedNs / 1e6, count * 1e3 / elapsedNs);
        }
    }

    private static long[][] randomColumns(Random random, int columnCount, int records) {
        long[][] values = new long[columnCount][records];
        for (int c = 0; c < columnCount; c++) {
            long value = random.nextLong();
            for (int i = 0; i < records; i++) {
                // Mix small steps (one-byte varints) with arbitrary jumps (up to ten bytes).
                value += switch (random.nextInt(4)) {
                    case 0 -> random.nextInt(3);
                    case 1 -> -random.nextInt(1_000);
                    case 2 -> random.nextInt(1 << 20);
                    default -> random.nextLong();
                };
                values[c][i] = value;
            }
        }
        return values;
    }

    private static LogTrailer totals(List<long[][]> blocks) {
        long records = blocks.stream().mapToLong(b -> b[0].length).sum();
        return new LogTrailer(records, blocks.size(), records, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1);
    }
}
