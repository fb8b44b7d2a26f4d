package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.cloudprofiler.sync.DriftModel;
import org.cloudprofiler.sync.SyncAuthentication;
import org.cloudprofiler.sync.SyncData;
import org.cloudprofiler.sync.SyncJson;
import org.cloudprofiler.sync.SyncNode;
import org.cloudprofiler.sync.SyncPhase;
import org.cloudprofiler.sync.TransferModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code sync-server} and two {@code sync-agent}s over loopback, as a user would run them. */
class SyncCommandsTest {

    @TempDir
    Path directory;

    @Test
    void aRunWritesSyncJsonWithBothPhasesAndTransferModels() throws Exception {
        int port = freeUdpPort();
        Path out = directory.resolve("sync.json");
        CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> run(
                "sync-server", "--port", String.valueOf(port), "--nodes", "2", "--token", "t",
                "--duration", "1s", "--mid-interval", "500ms", "--exchanges", "30",
                "--keep-all", "--sweep", "--sweep-sizes", "64,4096,65536",
                "--sweep-repetitions", "3", "--out", out.toString()));
        List<CompletableFuture<Integer>> agents = List.of("a", "b").stream()
                .map(id -> CompletableFuture.supplyAsync(() -> run("sync-agent", "--server",
                        "127.0.0.1:" + port, "--node-id", id, "--token", "t")))
                .toList();
        assertEquals(0, server.get(60, TimeUnit.SECONDS));
        for (CompletableFuture<Integer> agent : agents) {
            assertEquals(0, agent.get(30, TimeUnit.SECONDS));
        }

        SyncData data = SyncJson.read(out);
        assertEquals(SyncAuthentication.SECRET, data.authentication());
        assertEquals(List.of("a", "b"), data.nodes().stream().map(SyncNode::id).sorted().toList());
        List<String> phases = data.phases().stream().map(SyncPhase::name).toList();
        assertEquals(SyncPhase.START, phases.get(0));
        assertEquals(SyncPhase.END, phases.get(phases.size() - 1));
        assertTrue(phases.contains(SyncPhase.MID), phases.toString());
        for (SyncPhase phase : data.phases()) {
            assertEquals(2, phase.pairs().size(), phase.toString());
            phase.pairs().forEach(pair -> assertEquals(pair.exchanges(), pair.all().size()));
        }
        assertEquals(2, data.transferModels().size());
        for (TransferModel model : data.transferModels()) {
            assertEquals(3, model.samples().size());
            assertTrue(model.quadratic().mseNs2() <= model.linear().mseNs2() * (1 + 1e-9));
        }
    }

    @Test
    void aRunAroundACommandTakesTheStartPhaseBeforeItAndTheEndPhaseAfter() throws Exception {
        Path ran = directory.resolve("ran");
        assertEquals(0, runAround("echo ran > '" + ran + "'"));
        assertTrue(Files.exists(ran), "the command did not run");
        List<String> phases = SyncJson.read(directory.resolve("sync.json")).phases().stream()
                .map(SyncPhase::name).toList();
        assertEquals(List.of(SyncPhase.START, SyncPhase.END), phases);
    }

    @Test
    void midPhasesAreTakenByDefaultAtTheDriftModelsInterval() {
        SyncServerCommand command = new SyncServerCommand();
        new CommandLine(command).parseArgs("--nodes", "2", "--around", "true");
        assertEquals(DriftModel.DEFAULT_MID_INTERVAL, command.midInterval);
        new CommandLine(command).parseArgs("--nodes", "2", "--mid-interval", "0s");
        assertEquals(Duration.ZERO, command.midInterval);
    }

    @Test
    void midPhasesDuringACommandReportEachPairsRatePerSegment() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(console, true));
        try {
            assertEquals(0, runAround("sleep 1", "--mid-interval", "300ms"));
        } finally {
            System.setOut(stdout);
        }
        List<String> phases = SyncJson.read(directory.resolve("sync.json")).phases().stream()
                .map(SyncPhase::name).toList();
        assertTrue(phases.size() >= 3 && phases.get(1).equals(SyncPhase.MID), phases::toString);
        // One clock on loopback: each segment's rate is 0 within its half-width.
        assertTrue(console.toString().contains("a -> b  b runs "), console::toString);
        assertTrue(console.toString().contains("from the one before"), console::toString);
    }

    @Test
    void aCommandThatFailsGivesItsExitCodeAfterTheEndPhase() throws Exception {
        assertEquals(3, runAround("exit 3"));
        List<String> phases = SyncJson.read(directory.resolve("sync.json")).phases().stream()
                .map(SyncPhase::name).toList();
        assertEquals(List.of(SyncPhase.START, SyncPhase.END), phases);
    }

    @Test
    void aroundAndADurationTogetherAreRefused() {
        assertEquals(2, run("sync-server", "--nodes", "2", "--around", "true", "--duration",
                "1s", "--out", directory.resolve("sync.json").toString()));
    }

    /** A session of two agents around {@code command}; the server's exit code. */
    private int runAround(String command, String... options) throws Exception {
        int port = freeUdpPort();
        List<String> arguments = new ArrayList<>(List.of("sync-server", "--port",
                String.valueOf(port), "--nodes", "2", "--token", "t", "--exchanges", "20",
                "--around", command, "--out", directory.resolve("sync.json").toString()));
        arguments.addAll(List.of(options));
        CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> run(
                arguments.toArray(String[]::new)));
        List<CompletableFuture<Integer>> agents = List.of("a", "b").stream()
                .map(id -> CompletableFuture.supplyAsync(() -> run("sync-agent", "--server",
                        "127.0.0.1:" + port, "--node-id", id, "--token", "t")))
                .toList();
        int exit = server.get(60, TimeUnit.SECONDS);
        for (CompletableFuture<Integer> agent : agents) {
            assertEquals(0, agent.get(30, TimeUnit.SECONDS));
        }
        return exit;
    }

    /**
     * As `docker compose stop` ends the compose cluster's server: SIGTERM to its JVM, which takes
     * the end phase and exits with the session's code (0: every pair measured), not 143.
     */
    @Test
    void sigtermTakesTheEndPhaseAndExitsWithTheSessionsCode() throws Exception {
        int port = freeUdpPort();
        Path out = directory.resolve("sync.json");
        Process server = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                CloudProfilerCommand.class.getName(), "sync-server", "--port",
                String.valueOf(port), "--nodes", "2", "--token", "t", "--exchanges", "20",
                "--out", out.toString())
                .redirectErrorStream(true).start();
        BufferedReader output = new BufferedReader(new InputStreamReader(
                server.getInputStream(), StandardCharsets.UTF_8));
        List<CompletableFuture<Integer>> agents = List.of("a", "b").stream()
                .map(id -> CompletableFuture.supplyAsync(() -> run("sync-agent", "--server",
                        "127.0.0.1:" + port, "--node-id", id, "--token", "t")))
                .toList();
        StringBuilder printed = new StringBuilder();
        String line;
        while ((line = output.readLine()) != null && !line.contains("run in progress")) {
            printed.append(line).append('\n');
        }
        assertTrue(line != null, () -> "the server ended before the run:\n" + printed);

        server.destroy();
        CompletableFuture<String> rest = CompletableFuture.supplyAsync(() -> output.lines()
                .collect(Collectors.joining("\n")));
        assertTrue(server.waitFor(60, TimeUnit.SECONDS), "the server did not end on SIGTERM");

        assertEquals(0, server.exitValue(), () -> rest.join());
        for (CompletableFuture<Integer> agent : agents) {
            assertEquals(0, agent.get(30, TimeUnit.SECONDS));
        }
        List<String> phases = SyncJson.read(out).phases().stream().map(SyncPhase::name).toList();
        assertEquals(SyncPhase.END, phases.get(phases.size() - 1));
    }

    @Test
    void anInsecureServerWarnsAtStartAndRecordsItInSyncJson() throws Exception {
        int port = freeUdpPort();
        Path out = directory.resolve("sync.json");
        PrintStream stderr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warnings, true));
        try {
            CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> run(
                    "sync-server", "--bind", "0.0.0.0", "--port", String.valueOf(port),
                    "--insecure", "--nodes", "2", "--exchanges", "5", "--mid-interval", "0s",
                    "--around", "true", "--out", out.toString()));
            List<CompletableFuture<Integer>> agents = List.of("a", "b").stream()
                    .map(id -> CompletableFuture.supplyAsync(() -> run("sync-agent",
                            "--server", "127.0.0.1:" + port, "--node-id", id)))
                    .toList();
            assertEquals(0, server.get(60, TimeUnit.SECONDS));
            for (CompletableFuture<Integer> agent : agents) {
                assertEquals(0, agent.get(30, TimeUnit.SECONDS));
            }
        } finally {
            System.setErr(stderr);
        }
        assertTrue(warnings.toString().contains("WARNING: the sync server runs at 0.0.0.0"
                + " without a secret (--insecure)"), warnings.toString());
        assertEquals(SyncAuthentication.INSECURE, SyncJson.read(out).authentication());
        assertTrue(Files.readString(out).contains("\"authentication\": \"insecure\""));
    }

    @Test
    void anAgentWithoutServerFailsWithTheFix() throws Exception {
        int port = freeUdpPort();
        assertEquals(1, run("sync-agent", "--server", "127.0.0.1:" + port, "--timeout", "2s"));
    }

    private static int run(String... args) {
        return CloudProfilerCommand.commandLine().execute(args);
    }

    private static int freeUdpPort() throws Exception {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
