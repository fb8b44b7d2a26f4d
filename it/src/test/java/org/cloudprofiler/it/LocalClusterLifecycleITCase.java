package org.cloudprofiler.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.cloudprofiler.cluster.LocalCluster;
import org.cloudprofiler.cluster.Polling;
import org.cloudprofiler.cluster.Polling.Observation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cloudprofiler cluster} as a user runs it, in child processes of the packaged jar: a
 * cluster on loopback nodes (as a user without root gets), taken down again; an up that is
 * interrupted (Ctrl-C) while it starts, or that fails. None leaves anything it started: no
 * process that names the cluster's directory, no namespace of it, no cluster.json. (Namespace
 * nodes up, a run, and down are {@link DemoITCase}'s.)
 */
class LocalClusterLifecycleITCase {
    private static final Duration COMMAND_WAIT = CliRun.COMMAND_WAIT;
    private static final Duration LINE_POLL = Duration.ofMillis(100);

    @TempDir
    Path directory;

    private Path cluster;

    @AfterEach
    void downWhatIsLeft() throws Exception {
        if (cluster != null && Files.exists(cluster.resolve("cluster.json"))) {
            cli("cluster", "down", "--dir", cluster.toString()).exitCode();
        }
    }

    @Test
    void aLoopbackClusterRunsItsNodesOnDistinctPortsAndDownLeavesNothing() throws Exception {
        cluster = directory.resolve("cluster");
        CliRun up = cli("cluster", "up", "--dir", cluster.toString(), "--engines", "flink,kafka",
                "--loopback");
        assertEquals(0, up.exitCode(), up::output);
        assertTrue(up.output().contains("nodes: 3 nodes share the root namespace on 127.0.0.1"),
                up::output);
        // Both TaskManagers on 127.0.0.1, each on its node's port: both registered.
        assertTrue(up.output().contains("flink-taskmanager-2 on node 2 ready"), up::output);
        CliRun status = cli("cluster", "status", "--dir", cluster.toString());
        assertEquals(0, status.exitCode(), status::output);
        assertTrue(status.output().contains("kafka: "), status::output);

        CliRun down = cli("cluster", "down", "--dir", cluster.toString());
        assertEquals(0, down.exitCode(), down::output);
        assertNothingLeft();
        CliRun statusAfter = cli("cluster", "status", "--dir", cluster.toString());
        assertEquals(3, statusAfter.exitCode(), statusAfter::output);
    }

    @Test
    void anUpInterruptedWhileStartingStopsWhatItStarted() throws Exception {
        cluster = directory.resolve("cluster");
        // Interrupted once its first process is up, with Storm's three and Flink's to come.
        CliRun up = cli("cluster", "up", "--dir", cluster.toString(), "--engines", "storm,flink");
        awaitLine(up.log(), "ready in");
        new ProcessBuilder("kill", "-INT", Long.toString(up.process().pid())).start().waitFor();
        assertTrue(up.process().waitFor(2, TimeUnit.MINUTES), "up did not end after SIGINT");
        assertEquals(130, up.process().exitValue(), up::output);
        assertNothingLeft();
    }

    @Test
    void anUpThatFailsStopsWhatItStartedAndSaysWhy() throws Exception {
        cluster = directory.resolve("cluster");
        // No process is up within 1 ms: the first one fails the start.
        CliRun up = cli("cluster", "up", "--dir", cluster.toString(), "--engines", "flink",
                "--startup-timeout", "1ms");
        assertEquals(1, up.exitCode(), up::output);
        assertTrue(up.output().contains("was not ready within"), up::output);
        assertNothingLeft();
    }

    private void assertNothingLeft() throws IOException, InterruptedException {
        assertEquals(List.of(), processesNaming(cluster), "processes left behind");
        assertFalse(Files.exists(cluster.resolve("cluster.json")), "cluster.json left behind");
        Process namespaces = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true)
                .start();
        String list = new String(namespaces.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8);
        namespaces.waitFor();
        String kept = "cpk" + LocalCluster.keptName(cluster);
        assertFalse(list.contains(kept), "namespaces left behind: " + list);
    }

    /** The command lines of the running processes that mention {@code path}. */
    private static List<String> processesNaming(Path path) throws IOException {
        String needle = path.toAbsolutePath().toString();
        List<String> found = new ArrayList<>();
        ProcessHandle self = ProcessHandle.current();
        ProcessHandle.allProcesses().filter(process -> process.pid() != self.pid())
                .forEach(process -> process.info().commandLine()
                        .filter(line -> line.contains(needle))
                        .ifPresent(line -> found.add(process.pid() + " " + line)));
        return found;
    }

    private CliRun cli(String... arguments) throws IOException {
        return CliRun.start(directory, arguments);
    }

    private static void awaitLine(Path log, String text) throws Exception {
        Polling.await("no \"" + text + "\" in " + log, COMMAND_WAIT, LINE_POLL,
                () -> Files.exists(log) && Files.readString(log).contains(text)
                        ? Observation.found(log) : Observation.notYet());
    }
}
