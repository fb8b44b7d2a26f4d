package org.cloudprofiler.analyzer.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cloudprofiler.log.LogFileBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which storage a log location names, and what a scan of each finds. */
class LogStorageTest {

    @TempDir
    Path directory;

    @Test
    void aPathIsTheLocalDiskAndAUriIsAFlinkFilesystem() {
        assertSame(LocalLogStorage.INSTANCE, LogStorage.of("logs"));
        assertSame(LocalLogStorage.INSTANCE, LogStorage.of("/var/log/cp"));
        assertSame(LocalLogStorage.INSTANCE, LogStorage.of("C:\\logs"));
        assertSame(LocalLogStorage.INSTANCE, LogStorage.of("C:/logs"));
        assertSame(FlinkLogStorage.INSTANCE, LogStorage.of("file:///var/log/cp"));
        assertSame(FlinkLogStorage.INSTANCE, LogStorage.of("hdfs://namenode:8020/logs"));
        assertSame(FlinkLogStorage.INSTANCE, LogStorage.of("s3://bucket/logs"));
    }

    @Test
    void aUriHasTheAbsolutePathOfItsFilesystem() {
        assertEquals("/logs/node-a/spout/1/in.1.1.cplog", LogStorage.of("hdfs://nn:8020/logs")
                .absolutePath("hdfs://nn:8020/logs/node-a/spout/1/in.1.1.cplog"));
        assertEquals("in.1.1.cplog", LogStorage.fileName("hdfs://nn:8020/a/in.1.1.cplog"));
        assertEquals("logs", LogStorage.fileName("logs"));
    }

    @Test
    void aFileUriFindsWhatItsPathFinds() throws Exception {
        Path logs = directory.resolve("logs");
        write(logs.resolve("node-a/spout/1/in.1.1.cplog"), "node-a", "spout/1/in");
        // A file in another node's directory is reported the same way from both.
        write(logs.resolve("node-b/sink/2/in.1.1.cplog"), "node-c", "sink/2/in");
        Files.writeString(logs.resolve("node-a/notes.txt"), "not a log");

        LogSet fromPath = LogSetScanner.scan(List.of(logs.toString()));
        LogSet fromUri = LogSetScanner.scan(List.of(logs.toUri().toString()));

        assertEquals(List.of(logs + "/node-a/spout/1/in.1.1.cplog",
                logs + "/node-b/sink/2/in.1.1.cplog"),
                fromPath.channels().stream().map(ChannelInfo::path).toList());
        assertEquals(List.of("file:" + logs + "/node-a/spout/1/in.1.1.cplog",
                "file:" + logs + "/node-b/sink/2/in.1.1.cplog"),
                fromUri.channels().stream().map(ChannelInfo::path).toList());
        assertEquals(kinds(fromPath), kinds(fromUri));
        assertEquals(List.of(InputProblem.Kind.NODE_MISMATCH), kinds(fromUri));
    }

    @Test
    void aMissingUriIsReportedAsAMissingPathIs() throws Exception {
        String missing = directory.resolve("nothing").toUri().toString();
        assertEquals(List.of(InputProblem.Kind.MISSING),
                kinds(LogSetScanner.scan(List.of(missing))));
    }

    @Test
    void aSchemeWithoutFilesystemStopsTheScanNamingWhatToAdd() {
        FileSystemUnavailableException e = assertThrows(FileSystemUnavailableException.class,
                () -> LogSetScanner.scan(List.of("s3://bucket/logs")));
        assertTrue(e.getMessage().contains("\"s3://\""), e.getMessage());
        assertTrue(e.getMessage().contains("Fix: add Flink's flink-s3-fs-hadoop plugin"),
                e.getMessage());
        assertEquals(-1, e.getMessage().indexOf('\n'), "one line: " + e.getMessage());
    }

    private static List<InputProblem.Kind> kinds(LogSet logSet) {
        return logSet.problems().stream().map(InputProblem::kind).toList();
    }

    private static void write(Path file, String node, String channel) throws Exception {
        Files.createDirectories(file.getParent());
        Files.write(file, new LogFileBuilder().node(node).channel(channel)
                .block(new long[] {1}, new long[] {10}).build());
    }
}
