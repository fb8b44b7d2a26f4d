package org.cloudprofiler.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.cloudprofiler.cli.cluster.ClusterLayout;
import org.cloudprofiler.cli.cluster.ClusterProcess;
import org.cloudprofiler.cli.cluster.ClusterState;
import org.cloudprofiler.cli.cluster.FlinkClient;
import org.cloudprofiler.cli.cluster.FlinkCluster;
import org.cloudprofiler.cli.cluster.LocalCluster;
import org.cloudprofiler.cli.cluster.Readiness;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.netns.NetworkNamespaces;
import org.cloudprofiler.netns.NetworkNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The profiled YSB on the local cluster's Flink, without Docker, as a user runs it:
 * {@code cloudprofiler cluster up --engines flink} makes three nodes (network namespaces as
 * root, else loopback nodes; {@code -Dcloudprofiler.test.netns=off} asks for those) and starts
 * the JobManager on node 0 and a TaskManager on nodes 1 and 2 from the Maven jars; the job is
 * submitted with Flink's client as {@link FlinkClient} says, the generator runs on node 0 and
 * feeds the source subtasks where topology.json says they run, and {@code cluster down} stops
 * it all. No sync session yet: the analysis has no bounds between the nodes.
 */
class FlinkOnLocalClusterITCase {
    private static final long SEED = 3;
    private static final String JOB = "ysb-local-cluster";
    /** A guard against a hang only: how long one step may take. */
    private static final Duration STEP = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path directory;

    @Test
    void theJobsSubtasksRunOnBothTaskManagersAndItsHopsCrossNodes() throws Exception {
        Path campaigns = directory.resolve("campaigns.txt");
        CampaignTable.write(Generator.ysbAdCampaigns(SEED), campaigns);
        Path clusterDirectory = directory.resolve("cluster");
        // Stopped, and checked gone, also when the test fails (then added to its failure).
        try (AutoCloseable stopped = () -> stopEverything(clusterDirectory)) {
            long startNs = System.nanoTime();
            List<String> up = new ArrayList<>(List.of("cluster", "up", "--dir",
                    clusterDirectory.toString(), "--engines", FlinkCluster.NAME));
            if ("off".equals(System.getProperty(NetworkNamespaces.SWITCH_PROPERTY))) {
                up.add("--loopback");
            }
            System.out.println(cli(up, "up"));
            long registeredNs = System.nanoTime();

            LocalCluster cluster = LocalCluster.open(clusterDirectory, repository());
            ClusterLayout layout = cluster.layout();
            cluster.run(FlinkClient.submission(layout, jobJar(), FlinkYsbSubmission.class
                    .getName(), List.of(JOB, campaigns.toString())), STEP);
            FlinkClient.awaitRunning(layout, JOB, STEP);
            long runningNs = System.nanoTime();

            List<NetworkNode> sourceNodes = sourceNodes(layout);
            assertEquals(2, new HashSet<>(sourceNodes).size(),
                    "the source's subtasks share a node: " + sourceNodes);
            cluster.run(generator(layout, sourceNodes), STEP);
            long generatedNs = System.nanoTime();
            assertEquals("FINISHED", FlinkClient.awaitEnd(layout, JOB, STEP));
            long finishedNs = System.nanoTime();
            System.out.printf("FlinkOnLocalClusterITCase: cluster up (every TaskManager"
                    + " registered) %.1f s, submit to running %.1f s, generator's end to"
                    + " finished %.1f s%n", seconds(registeredNs - startNs),
                    seconds(runningNs - registeredNs), seconds(finishedNs - generatedNs));

            JsonNode summary = analyze(layout);
            assertRemoteHops(summary);
            assertEveryTupleCompleteOrFiltered(summary);
        }
    }

    /** {@code cluster down}, then every process the cluster recorded must be gone. */
    private void stopEverything(Path clusterDirectory) throws Exception {
        List<ProcessHandle> recorded = new ArrayList<>();
        ClusterState.read(clusterDirectory).ifPresent(state -> state.processes()
                .forEach(process -> process.handle().ifPresent(recorded::add)));
        cli(List.of("cluster", "down", "--dir", clusterDirectory.toString()), "down");
        List<String> alive = recorded.stream().filter(ProcessHandle::isAlive)
                .map(process -> process.pid() + " " + process.info().commandLine().orElse(""))
                .toList();
        assertEquals(List.of(), alive, "still running after cluster down");
    }

    /**
     * Runs {@code cloudprofiler.jar} with {@code arguments} from the repository; returns its
     * output, failing unless it exits with 0.
     */
    private String cli(List<String> arguments, String name) throws Exception {
        Path log = directory.resolve("cli-" + name + ".log");
        List<String> command = new ArrayList<>(List.of(javaBinary().toString(), "-jar",
                cliJar().toString()));
        command.addAll(arguments);
        command.addAll(List.of("--repository", repository().toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            assertTrue(process.waitFor(STEP.toMillis(), TimeUnit.MILLISECONDS),
                    () -> "cloudprofiler " + arguments + " did not end:\n" + read(log));
        } finally {
            process.destroyForcibly();
        }
        assertEquals(0, process.exitValue(), () -> "cloudprofiler " + arguments + ":\n"
                + read(log));
        return read(log);
    }

    /** The node each source subtask runs on, by subtask: the node whose topology.json has it. */
    private static List<NetworkNode> sourceNodes(ClusterLayout layout) throws Exception {
        return ComposeCluster.await("every source subtask placed", () -> {
            Map<Integer, NetworkNode> nodeOfSubtask = new TreeMap<>();
            for (NetworkNode node : layout.nodes()) {
                Path file = layout.logDirectory(FlinkCluster.NAME)
                        .resolve(ClusterLayout.nodeId(node))
                        .resolve("topology.json");
                if (!Files.isRegularFile(file)) {
                    continue;
                }
                for (JsonNode task : JSON.readTree(file.toFile()).path("tasks")) {
                    if (YsbStages.EVENTS.equals(task.path("component").asText())
                            && task.hasNonNull("host")) {
                        nodeOfSubtask.put(task.path("id").asInt(), node);
                    }
                }
            }
            return nodeOfSubtask.size() == FlinkYsbSubmission.PARALLELISM
                    ? new ArrayList<>(nodeOfSubtask.values()) : null;
        });
    }

    /** The generator on node 0, logging its sends; receiver r is source subtask r's. */
    private static ClusterProcess generator(ClusterLayout layout, List<NetworkNode> sourceNodes) {
        List<String> command = new ArrayList<>(List.of(layout.javaBinary().toString(), "-jar",
                cliJar().toString(), "gen", "--payload", "ysb", "--seed", Long.toString(SEED),
                "--log-sends", "--rate", "5000", "--duration", "10s",
                "--connect-timeout", "120s", "--marker-timeout", "120s"));
        for (int receiver = 0; receiver < sourceNodes.size(); receiver++) {
            command.addAll(List.of("--endpoint", "tcp://" + sourceNodes.get(receiver).ip() + ":"
                    + (FlinkYsbSubmission.BASE_PORT + receiver)));
        }
        return new ClusterProcess("generator", layout.coordinator(), command,
                layout.profilingEnvironment(layout.coordinator(), FlinkCluster.NAME),
                Readiness.started());
    }

    /**
     * {@code cloudprofiler analyze} of the Flink logs, which must all have been read whole.
     * Without a sync session every pair of nodes is unsynchronized, which alone makes its exit
     * code 2.
     */
    private JsonNode analyze(ClusterLayout layout) throws Exception {
        Path out = directory.resolve("report");
        Path log = directory.resolve("analyze.log");
        Process analyze = new ProcessBuilder(javaBinary().toString(), "-jar",
                cliJar().toString(), "analyze", "--logs",
                layout.logDirectory(FlinkCluster.NAME).toString(), "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            assertTrue(analyze.waitFor(STEP.toMillis(), TimeUnit.MILLISECONDS), "analyze hung");
        } finally {
            analyze.destroyForcibly();
        }
        System.out.println(read(log));
        assertEquals(2, analyze.exitValue(), () -> read(log));
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(3, summary.path("unsynchronizedPairs").size(), summary::toString);
        JsonNode input = summary.path("input");
        for (String problem : List.of("filesSkipped", "blocksSkipped", "filesNotClosed",
                "problemCount")) {
            assertEquals(0, input.path(problem).asLong(), input::toString);
        }
        assertEquals(0, summary.path("violations").size(), summary::toString);
        return summary;
    }

    private static void assertRemoteHops(JsonNode summary) {
        List<String> remote = new ArrayList<>();
        for (JsonNode hop : summary.path("hops")) {
            if ("REMOTE".equals(hop.path("locality").asText())) {
                remote.add(hop.path("hop").asText());
                assertTrue(hop.path("samples").asLong() > 0, hop::toString);
            }
        }
        assertFalse(remote.isEmpty(), () -> "no hop crossed nodes: " + summary.path("hops"));
        System.out.println("FlinkOnLocalClusterITCase: remote hops " + remote);
    }

    /**
     * Every tuple the source took in either reached the sink or was dropped by YSB's filter,
     * which keeps only views.
     */
    private static void assertEveryTupleCompleteOrFiltered(JsonNode summary) {
        JsonNode tuples = summary.path("tuples");
        assertTrue(tuples.path("complete").asLong() > 0, tuples::toString);
        assertEquals(summary.path("run").path("sourceTuples").asLong(),
                tuples.path("complete").asLong() + tuples.path("timedOut").asLong(),
                tuples::toString);
        for (JsonNode reason : tuples.path("timedOutBy")) {
            assertEquals("ENDED_AT " + YsbStages.FILTER, reason.path("reason").asText() + " "
                    + reason.path("component").asText(), reason::toString);
        }
    }

    private static Path repository() {
        return Path.of(System.getProperty("cloudprofiler.it.repository", "..")).toAbsolutePath()
                .normalize();
    }

    private static Path jobJar() {
        return checked(ComposeCluster.submissionJar().toAbsolutePath());
    }

    private static Path cliJar() {
        return checked(repository().resolve(Path.of("cp-cli", "target", "cloudprofiler.jar")));
    }

    private static Path checked(Path jar) {
        assertTrue(Files.isRegularFile(jar), "run after `package`: " + jar);
        return jar;
    }

    private static Path javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
