package org.cloudprofiler.log;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Decodes the committed golden files and checks every field and value. Run with
 * {@code -Dcloudprofiler.golden.write=true} to regenerate them from {@link GoldenFiles} first.
 */
class GoldenFilesTest {

    private static final String WRITE_PROPERTY = "cloudprofiler.golden.write";
    private static final Path SOURCE_DIRECTORY = Path.of("src", "test", "resources", "golden");

    @BeforeAll
    static void regenerateIfAsked() throws IOException {
        if (!Boolean.getBoolean(WRITE_PROPERTY)) {
            return;
        }
        Path directory = SOURCE_DIRECTORY;
        Files.createDirectories(directory);
        Files.write(directory.resolve(GoldenFiles.ID_RAW), GoldenFiles.idRaw());
        Files.write(directory.resolve(GoldenFiles.ID_ZSTD), GoldenFiles.idZstd());
        Files.write(directory.resolve(GoldenFiles.CPU_RAW), GoldenFiles.cpuRaw());
        Files.write(directory.resolve(GoldenFiles.KILLED), GoldenFiles.killed());
        System.out.println("golden files written to " + directory.toAbsolutePath());
    }

    @Test
    void rawGoldenFilesAreWhatTheBuilderWrites() throws IOException {
        // Pins the builder to the committed bytes the native writer is also compared with.
        assertArrayEquals(GoldenFiles.idRaw(), Files.readAllBytes(golden(GoldenFiles.ID_RAW)));
        assertArrayEquals(GoldenFiles.cpuRaw(), Files.readAllBytes(golden(GoldenFiles.CPU_RAW)));
        assertArrayEquals(GoldenFiles.killed(), Files.readAllBytes(golden(GoldenFiles.KILLED)));
    }

    @Test
    void idRaw() throws IOException {
        checkIdFile(GoldenFiles.ID_RAW, LogFormat.RAW);
    }

    @Test
    void idZstd() throws IOException {
        checkIdFile(GoldenFiles.ID_ZSTD, LogFormat.ZSTD);
    }

    @Test
    void theColumnNamesReadersLookUpAreThoseTheGoldenFilesDeclare() throws IOException {
        try (LogReader cpu = LogReader.open(golden(GoldenFiles.CPU_RAW));
                LogReader ids = LogReader.open(golden(GoldenFiles.ID_RAW))) {
            assertEquals(List.of(LogColumn.TSC, LogColumn.COUNT, LogColumn.CPU_NS),
                    cpu.header().columns().stream().map(LogColumn::name).toList());
            assertEquals(List.of(LogColumn.ID, LogColumn.TSC),
                    ids.header().columns().stream().map(LogColumn::name).toList());
        }
    }

    @Test
    void cpuRaw() throws IOException {
        Path path = golden(GoldenFiles.CPU_RAW);
        try (LogReader reader = LogReader.open(path)) {
            LogHeader header = reader.header();
            checkCommonHeader(header, LogFormat.RAW);
            assertEquals(HandlerType.CPU, header.handler());
            assertEquals(List.of(GoldenFiles.CPU_PERIOD_NS, 0L, 0L, 0L), header.parameters());
            assertEquals("golden/0/cpu", header.channel());
            assertEquals(List.of(new LogColumn(0, "tsc"), new LogColumn(0, "count"),
                    new LogColumn(0, "cpu_ns")), header.columns());

            RecordBlock block = reader.nextBlock();
            assertNotNull(block);
            assertEquals(header.headerLengthBytes(), block.fileOffset());
            assertEquals(LogFormat.RAW, block.codec());
            assertEquals(GoldenFiles.CPU_RECORDS, block.recordCount());
            for (int k = 0; k < GoldenFiles.CPU_RECORDS; k++) {
                assertEquals(GoldenFiles.cpuTsc(k), block.value(0, k));
                assertEquals(GoldenFiles.cpuCount(k), block.value(1, k));
                assertEquals(GoldenFiles.cpuNs(k), block.value(2, k));
            }
            assertNull(reader.nextBlock());
            assertEquals(GoldenFiles.cpuTrailer(), reader.trailer());
            LogSummary summary = reader.summary();
            assertEquals(List.of(), summary.problems());
            assertEquals(List.of(GoldenFiles.cpuTsc(4), GoldenFiles.cpuCount(4),
                    GoldenFiles.cpuNs(4)), summary.lastRecord());
            assertEquals(Files.size(path), summary.fileSizeBytes());
        }
    }

    @Test
    void killedFileYieldsItsCompleteBlockAndReportsTheCutTail() throws IOException {
        Path path = golden(GoldenFiles.KILLED);
        LogFileBuilder complete = GoldenFiles.idBlocks(LogFileBuilder.RAW);
        long secondBlock = complete.blockOffset(1);
        long size = Files.size(path);
        assertEquals(complete.build().length - GoldenFiles.KILLED_CUT_BYTES, size);

        LogSummary summary = LogReader.scan(path);
        checkCommonHeader(summary.header(), LogFormat.RAW);
        assertEquals(1, summary.blockCount());
        assertEquals(GoldenFiles.ID_FIRST_BLOCK_RECORDS, summary.recordCount());
        assertEquals(List.of(0L, GoldenFiles.idTsc(0)), summary.firstRecord());
        assertEquals(List.of(99L, GoldenFiles.idTsc(99)), summary.lastRecord());
        assertFalse(summary.closedCleanly());
        assertEquals(2, summary.problems().size(), summary.problems().toString());
        LogProblem tail = summary.problems().get(0);
        assertEquals(LogProblem.Kind.TRUNCATED_TAIL, tail.kind());
        assertEquals(secondBlock, tail.offset());
        assertEquals(size - secondBlock, tail.length());
        LogProblem missing = summary.problems().get(1);
        assertEquals(LogProblem.Kind.MISSING_TRAILER, missing.kind());
        assertEquals(size, missing.offset());
        assertTrue(missing.message().contains("not closed cleanly"), missing.message());
    }

    private static void checkIdFile(String name, LogFormat codec) throws IOException {
        Path path = golden(name);
        try (LogReader reader = LogReader.open(path)) {
            LogHeader header = reader.header();
            checkCommonHeader(header, codec);
            assertEquals(HandlerType.ID, header.handler());
            assertEquals(List.of(0L, 0L, 0L, 0L), header.parameters());
            assertEquals("golden/0/in", header.channel());
            assertEquals(List.of(new LogColumn(0, "id"), new LogColumn(0, "tsc")),
                    header.columns());
            // 96 fixed + node + channel + two columns + CRC.
            assertEquals(96 + 2 + 11 + 2 + 11 + 4 + 5 + 4, header.headerLengthBytes());

            List<RecordBlock> blocks = new ArrayList<>();
            for (RecordBlock block = reader.nextBlock(); block != null;
                    block = reader.nextBlock()) {
                blocks.add(block.copy());
            }
            assertEquals(2, blocks.size());
            assertEquals(header.headerLengthBytes(), blocks.get(0).fileOffset());
            assertEquals(GoldenFiles.ID_FIRST_BLOCK_RECORDS, blocks.get(0).recordCount());
            assertEquals(GoldenFiles.ID_RECORDS - GoldenFiles.ID_FIRST_BLOCK_RECORDS,
                    blocks.get(1).recordCount());
            assertEquals(blocks.get(0).fileOffset() + 24 + blocks.get(0).storedLengthBytes(),
                    blocks.get(1).fileOffset());
            int i = 0;
            for (RecordBlock block : blocks) {
                assertEquals(codec, block.codec());
                if (codec == LogFormat.RAW) {
                    assertEquals(block.storedLengthBytes(), block.decodedLengthBytes());
                }
                for (int r = 0; r < block.recordCount(); r++, i++) {
                    assertEquals(GoldenFiles.id(i), block.value(0, r));
                    assertEquals(GoldenFiles.idTsc(i), block.value(1, r));
                }
            }
            assertEquals(GoldenFiles.ID_RECORDS, i);
            assertEquals(GoldenFiles.idTrailer(), reader.trailer());

            LogSummary summary = reader.summary();
            assertEquals(List.of(), summary.problems());
            assertEquals(0, summary.problemCount());
            assertTrue(summary.closedCleanly());
            assertEquals(2, summary.blockCount());
            assertEquals(GoldenFiles.ID_RECORDS, summary.recordCount());
            assertEquals(List.of(0L, GoldenFiles.idTsc(0)), summary.firstRecord());
            assertEquals(List.of(149L, GoldenFiles.idTsc(149)), summary.lastRecord());
            assertEquals(Files.size(path), summary.fileSizeBytes());
        }
    }

    private static void checkCommonHeader(LogHeader header, LogFormat codec) {
        assertNotNull(header);
        assertEquals(1, header.version());
        assertEquals(0, header.flags());
        assertFalse(header.testClock());
        assertEquals(GoldenFiles.PID, header.pid());
        assertEquals(GoldenFiles.TID, header.openerTid());
        assertEquals(GoldenFiles.TSC_HZ, header.tscHz());
        assertEquals(GoldenFiles.OPEN_TSC, header.openTsc());
        assertEquals(GoldenFiles.OPEN_MONO_NS, header.openMonoNs());
        assertEquals(GoldenFiles.OPEN_REALTIME_NS, header.openRealtimeNs());
        assertEquals(codec, header.codec());
        assertEquals(codec.id(), header.codecId());
        assertEquals(LogHeader.CLOCK_SOURCE_RDTSCP, header.clockSource());
        assertFalse(header.multiWriter());
        assertEquals(GoldenFiles.NODE, header.node());
    }

    private static Path golden(String name) {
        if (Boolean.getBoolean(WRITE_PROPERTY)) {
            // The copies on the class path predate this run's regeneration.
            return SOURCE_DIRECTORY.resolve(name);
        }
        URL url = GoldenFilesTest.class.getResource("/golden/" + name);
        assertNotNull(url, "golden file " + name + " is missing from the test resources");
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }
}
