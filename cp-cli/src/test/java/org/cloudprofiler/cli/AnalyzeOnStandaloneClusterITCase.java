package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.cloudprofiler.analyzer.GoldenLogSet;
import org.cloudprofiler.cluster.FlinkConfiguration;
import org.cloudprofiler.cluster.Polling;
import org.cloudprofiler.cluster.Polling.Observation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cloudprofiler analyze --cluster}: a Flink standalone session cluster started from the
 * Maven jars (a job manager process and a task manager process, with Flink and nothing of
 * ours on their class path), and the packaged {@code cloudprofiler.jar} submitting the
 * analyzer to it from a third process, shipping itself as the job's jar.
 */
@Tag("multi-process-cluster")
class AnalyzeOnStandaloneClusterITCase {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration STARTUP = Duration.ofSeconds(120);
    private static final Duration POLL = Duration.ofMillis(500);

    @TempDir
    Path directory;

    /** Every process the test started, stopped after it. */
    private final List<Process> processes = new ArrayList<>();
    /** The cluster processes' configurations, by process name. */
    private final Map<String, FlinkConfiguration> configs = new HashMap<>();

    @AfterEach
    void stopEveryProcess() throws InterruptedException {
        for (Process process : processes) {
            process.destroy();
        }
        for (Process process : processes) {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void theShippedJarRunsOnAStandaloneSessionCluster() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, 300, "node-a", LongUnaryOperator.identity());
        int restPort = freePort();
        writeConfigs(restPort);
        processes.add(start("jobmanager",
                "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint"));
        processes.add(start("taskmanager",
                "org.apache.flink.runtime.taskexecutor.TaskManagerRunner"));
        awaitTaskManager(restPort);

        // The logs as a path, then as a URI the task manager reads through Flink's FileSystem.
        analyze(logs.toString(), "path", restPort);
        analyze(logs.toUri().toString(), "uri", restPort);

        JsonNode jobs = JSON.readTree(get(restPort, "/jobs/overview")).path("jobs");
        assertEquals(2, jobs.size(), jobs::toString);
        for (JsonNode job : jobs) {
            assertEquals("FINISHED", job.path("state").asText(), jobs::toString);
        }
    }

    /** Runs {@code cloudprofiler.jar analyze --logs logs} against the cluster. */
    private void analyze(String logs, String name, int restPort) throws Exception {
        Path out = directory.resolve("out-" + name);
        Path cliLog = directory.resolve("cli-" + name + ".log");
        Process cli = new ProcessBuilder(javaBinary(), "-jar", cliJar().toString(), "analyze",
                "--logs", logs, "--out", out.toString(), "--cluster", "localhost:" + restPort)
                .redirectErrorStream(true).redirectOutput(cliLog.toFile()).start();
        processes.add(cli); // stopped with the cluster if the test fails
        assertTrue(cli.waitFor(5, TimeUnit.MINUTES), "the analyzer did not finish");
        assertEquals(0, cli.exitValue(), () -> read(cliLog));

        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(300, summary.path("tuples").path("complete").asLong(), () -> read(cliLog));
    }

    /**
     * The two processes' configurations as the local cluster writes them (FlinkConfiguration),
     * on localhost with free or Flink-chosen ports.
     */
    private void writeConfigs(int restPort) throws IOException {
        int rpcPort = freePort();
        write(FlinkConfiguration.jobManager("localhost", rpcPort, 0, restPort), "jobmanager");
        write(FlinkConfiguration.taskManager("taskmanager", "localhost", 0, 0, "localhost",
                rpcPort, 2), "taskmanager");
    }

    private void write(FlinkConfiguration config, String process) throws IOException {
        config.set("io.tmp.dirs", Files.createDirectories(directory.resolve(process + "-tmp")))
                .write(directory.resolve(process));
        configs.put(process, config);
    }

    /** A cluster process on Flink's jars alone: nothing of cloudprofiler on its class path. */
    private Process start(String name, String mainClass) throws IOException {
        List<String> command = new ArrayList<>(List.of(javaBinary()));
        command.addAll(Arrays.asList(System.getProperty("flink.jvm.opens", "").split(" ")));
        command.removeIf(String::isBlank);
        command.addAll(configs.get(name).jvmOptions());
        command.addAll(List.of("-cp", flinkClassPath(), mainClass,
                "--configDir", directory.resolve(name).toString()));
        Path log = directory.resolve(name + ".log");
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    private static String flinkClassPath() {
        String testClassPath = System.getProperty("surefire.test.class.path",
                System.getProperty("java.class.path"));
        return Arrays.stream(testClassPath.split(File.pathSeparator))
                .filter(entry -> entry.endsWith(".jar"))
                .filter(entry -> !entry.contains("cloudprofiler") && !entry.contains("/cp-"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    private void awaitTaskManager(int restPort) throws Exception {
        Polling.await("no task manager registered", STARTUP, POLL, () -> {
            for (Process process : processes) {
                assertTrue(process.isAlive(), () -> "a cluster process exited:\n"
                        + read(directory.resolve("jobmanager.log"))
                        + read(directory.resolve("taskmanager.log")));
            }
            try {
                String overview = get(restPort, "/overview");
                return JSON.readTree(overview).path("taskmanagers").asInt() >= 1
                        ? Observation.found(overview)
                        : Observation.notYet(overview + "\n" + read(directory.resolve(
                                "taskmanager.log")));
            } catch (IOException notYet) {
                return Observation.notYet(notYet + "\n" + read(directory.resolve(
                        "taskmanager.log")));
            }
        });
    }

    private static String get(int port, String path) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://localhost:" + port + path)).timeout(Duration.ofSeconds(5))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode() + " from " + path);
        }
        return response.body();
    }

    private static Path cliJar() {
        Path jar = Path.of("target", "cloudprofiler.jar");
        assertTrue(Files.isRegularFile(jar), "run after `package`: " + jar.toAbsolutePath());
        return jar;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return e.toString();
        }
    }
}
