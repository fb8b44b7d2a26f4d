package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.LongUnaryOperator;
import org.cloudprofiler.analyzer.GoldenLogSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code cloudprofiler analyze} end to end on a golden log set. */
class AnalyzeCommandTest {

    @TempDir
    Path directory;

    @Test
    void writesTheOutputsOfAGoldenLogSet() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, 200, "node-a", LongUnaryOperator.identity());
        Path out = directory.resolve("out");

        int exit = CloudProfilerCommand.commandLine().execute("analyze", "--logs",
                logs.toString(), "--out", out.toString(), "--parallelism", "1");

        assertEquals(0, exit);
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals("cloudprofiler-analysis/2", summary.get("format").asText());
        assertEquals(200, summary.get("tuples").get("complete").asLong());
        assertTrue(Files.readString(out.resolve("hops.csv")).contains("spout -> sink,TRANSFER"));
        assertTrue(Files.readString(out.resolve("report.html")).contains("<svg"));
    }

    @Test
    void readsLogsGivenAsAFileUri() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, 200, "node-a", LongUnaryOperator.identity());
        Path out = directory.resolve("out");

        int exit = CloudProfilerCommand.commandLine().execute("analyze", "--logs",
                "file://" + logs.toAbsolutePath(), "--out", out.toString(), "--parallelism", "1");

        assertEquals(0, exit);
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(200, summary.get("tuples").get("complete").asLong());
    }

    @Test
    void aLogsUriWithoutItsFilesystemIsOneLineNamingWhatToAdd() throws Exception {
        CommandRun run = CommandRun.of("analyze", "--logs", "gs://bucket/runs/42", "--out",
                directory.resolve("out").toString());

        assertEquals(1, run.exitCode());
        assertEquals("cloudprofiler analyze: no filesystem for \"gs://\" here, so"
                + " gs://bucket/runs/42 cannot be read. Fix: add Flink's flink-gs-fs-hadoop"
                + " plugin (in plugins/, or on the classpath); with --cluster, the task"
                + " managers need it too (docs/cluster.md)", run.err().strip());
    }

    @Test
    void anUnreachableClusterFailsWithinTenSecondsNamingIt() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, 20, "node-a", LongUnaryOperator.identity());
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String cluster = "127.0.0.1:" + closedPort;

        // Flink's client alone retried for a minute, then printed 80 lines.
        CommandRun run = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> CommandRun.of(
                "analyze", "--logs", logs.toString(), "--out", directory.resolve("out")
                        .toString(), "--cluster", cluster));

        assertEquals(1, run.exitCode());
        assertEquals("cloudprofiler analyze: cannot reach the Flink cluster at " + cluster
                + " (connection refused). Fix: start the cluster, or give --cluster the"
                + " host:port of its REST endpoint (rest.address and rest.port, 8081 by"
                + " default)", run.err().strip());
    }

    @Test
    void exitsWithThreeWhenADurationIsBelowZeroByMoreThanItsBound() throws Exception {
        Path logs = directory.resolve("logs");
        // Tuple 7 reaches the sink 20 ns before the spout logged its out, on one clock.
        GoldenLogSet.write(logs, 200, "node-a", LongUnaryOperator.identity(),
                tuple -> tuple == 7 ? -20 : 500);
        Path out = directory.resolve("out");

        int exit = CloudProfilerCommand.commandLine().execute("analyze", "--logs",
                logs.toString(), "--out", out.toString(), "--parallelism", "1");

        assertEquals(3, exit);
        JsonNode violation = new ObjectMapper().readTree(out.resolve("summary.json").toFile())
                .get("violations").get(0);
        assertEquals("spout -> sink", violation.get("what").asText());
        assertEquals(1, violation.get("samples").asLong());
        assertEquals(1007, violation.get("worst").get("tupleId").asLong());
        assertEquals(-20, violation.get("worst").get("latencyNs").asDouble(), 0);
    }

    @Test
    void refusesAnUnknownMethod() {
        int exit = CloudProfilerCommand.commandLine().execute("analyze", "--logs",
                directory.toString(), "--method", "ntp");
        assertEquals(1, exit);
    }

    @Test
    void refusesANegativeDriftAllowance() {
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        CommandLine command = CloudProfilerCommand.commandLine();
        command.setErr(new PrintWriter(errors, true));
        int exit = command.execute("analyze", "--logs", directory.toString(), "--drift-ppm",
                "-1");
        assertEquals(1, exit);
        assertTrue(errors.toString().contains("--drift-ppm must be at least 0"),
                errors::toString);
    }
}
