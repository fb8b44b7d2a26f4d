package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cloudprofiler.log.LogFileBuilder;
import org.cloudprofiler.log.LogTrailer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** {@code cloudprofiler inspect} on files written by the test builder. */
class InspectCommandTest {

    @TempDir
    Path directory;

    private static LogFileBuilder idChannel() {
        return new LogFileBuilder().node("node-a").channel("spout/0/out")
                .block(new long[] {10, 11, 12}, new long[] {1000, 1500, 2100})
                .block(new long[] {13, 14}, new long[] {2600, 3000});
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path path = directory.resolve(name);
        Files.createDirectories(path.getParent());
        return Files.write(path, bytes);
    }

    private Path cleanFile() throws IOException {
        return write("node-a/spout/0/out.1.1.cplog", idChannel()
                .trailer(new LogTrailer(5, 2, 7, 2, 0, 1, 0, 0, 0, 0, 0, 9, 1)).build());
    }

    @Test
    void cleanFileIsSummarizedAndExitsZero() throws IOException {
        Path file = cleanFile();
        CommandRun run = CommandRun.of("inspect", file.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains(file.toString()), run.out());
        assertTrue(run.out().contains("channel    spout/0/out"), run.out());
        assertTrue(run.out().contains("node       node-a"), run.out());
        assertTrue(run.out().contains("handler    ID"), run.out());
        assertTrue(run.out().contains("codec      RAW"), run.out());
        assertTrue(run.out().contains("records    5 in 2 blocks"), run.out());
        assertTrue(run.out().contains("first      id=10 tsc=1000"), run.out());
        assertTrue(run.out().contains("last       id=14 tsc=3000"), run.out());
        assertTrue(run.out().contains("bytes/record"), run.out());
        assertTrue(run.out().contains("accepted 7, filtered 2, dropped 0, rejected 1"),
                run.out());
        assertTrue(run.out().contains("problems   none"), run.out());
        assertTrue(run.out().contains("total: 1 file, 5 records in 2 blocks"), run.out());
    }

    @Test
    void directoryIsWalkedAndProblemsSetTheExitCode() throws IOException {
        cleanFile();
        byte[] killed = idChannel().build();
        write("node-b/spout/0/out.2.1.cplog", Arrays.copyOf(killed, killed.length - 4));
        write("node-b/bolt/1/cpu.2.2.cplog", new LogFileBuilder().handlerId(8)
                .parameter(0, 100_000_000L).channel("bolt/1/cpu").columns("tsc", "count", "cpu_ns")
                .codec(LogFileBuilder.ZSTD).block(new long[] {1}, new long[] {2}, new long[] {-1})
                .trailer(new LogTrailer(1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 9, 2)).build());
        write("node-b/empty.3.1.cplog", new byte[0]);
        write("node-b/topology.json", "{}".getBytes());

        CommandRun run = CommandRun.of("inspect", directory.toString());

        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("handler    CPU (periodNs=100000000)"), run.out());
        assertTrue(run.out().contains("codec      ZSTD"), run.out());
        assertTrue(run.out().contains("NOT CLOSED CLEANLY"), run.out());
        assertTrue(run.out().contains("TRUNCATED_TAIL at offset"), run.out());
        assertTrue(run.out().contains("MISSING_TRAILER"), run.out());
        assertTrue(run.out().contains("EMPTY_FILE"), run.out());
        assertTrue(run.out().contains("header     UNREADABLE"), run.out());
        assertFalse(run.out().contains("topology.json"), run.out());
        assertTrue(run.out().contains("total: 4 files, 9 records in 4 blocks"), run.out());
        assertTrue(run.out().contains("2 not closed cleanly; 2 with problems"), run.out());
    }

    @Test
    void recordsGoToStandardOutputAsCsv() throws IOException {
        Path file = cleanFile();
        CommandRun run =
                CommandRun.of("inspect", "--records", "--limit", "4", file.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertEquals(String.join(System.lineSeparator(), "channel,id,tsc",
                "spout/0/out,10,1000", "spout/0/out,11,1500", "spout/0/out,12,2100",
                "spout/0/out,13,2600", ""), run.out());
        assertTrue(run.err().contains("records    5 in 2 blocks"), run.err());
    }

    @Test
    void missingPathIsAUsageError() {
        CommandRun run = CommandRun.of("inspect", directory.resolve("absent").toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("No such file or directory"), run.err());
    }

    @Test
    void directoryWithoutLogsExitsOne() {
        CommandRun run = CommandRun.of("inspect", directory.toString());
        assertEquals(1, run.exitCode());
        assertTrue(run.err().contains("no *.cplog files"), run.err());
    }

    @Test
    void negativeLimitIsAUsageError() throws IOException {
        CommandRun run =
                CommandRun.of("inspect", "--records", "--limit", "-1", cleanFile().toString());
        assertEquals(2, run.exitCode());
    }

    @Test
    void topLevelCommandWantsASubcommandAndHasAVersion() {
        assertEquals(2, CommandRun.of().exitCode());
        CommandRun version = CommandRun.of("--version");
        assertEquals(0, version.exitCode());
        assertTrue(version.out().startsWith("cloudprofiler "), version.out());
    }
}
