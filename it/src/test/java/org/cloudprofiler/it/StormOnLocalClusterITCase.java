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
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.cloudprofiler.cli.cluster.ClusterLayout;
import org.cloudprofiler.cli.cluster.ClusterProcess;
import org.cloudprofiler.cli.cluster.LocalCluster;
import org.cloudprofiler.cli.cluster.Readiness;
import org.cloudprofiler.cli.cluster.StormClient;
import org.cloudprofiler.cli.cluster.StormCluster;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.netns.NetworkNamespaces;
import org.cloudprofiler.netns.NetworkNode;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;
import org.junit.jupiter.api.Test;

/**
 * The profiled YSB on a real multi-process Storm cluster without Docker: {@code cloudprofiler
 * cluster up --engines storm} on three nodes (network namespaces where the machine allows them,
 * else the loopback; {@code -Dcloudprofiler.test.netns=off} forces it), StormYsbSubmission
 * submitted to its Nimbus, the generator on node 0 feeding the spout tasks where their
 * topology.json files place them, the topology killed once the spouts have their end-of-run
 * markers, the Storm logs analysed (without sync: every node shares this machine's clock). The
 * run must spread over both worker nodes, cross nodes, account for every tuple, and leave no
 * process behind.
 */
class StormOnLocalClusterITCase {
    private static final long SEED = 3;
    private static final int RATE = 5_000;
    private static final int SECONDS = 10;
    private static final String TOPOLOGY = "ysb-local";
    /**
     * Buckets the generator queues per receiver before it drops: a receiver's whole share of the
     * run (25,000 tuples, in buckets of 1 ms, 5 tuples). A machine shared by many JVMs can starve
     * a worker for seconds; its spout then takes the tuples late, which the report shows as
     * latency, instead of the generator dropping them (with the default, 1000, a 5 s stall of
     * one worker once dropped 10,000).
     */
    private static final int SEND_QUEUE_BUCKETS = 5_000;
    /** A guard against a hang only: how long one process may take before the test gives up. */
    private static final Duration STEP = ComposeCluster.STEP;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path repository = Path.of(System.getProperty("cloudprofiler.it.repository",
            "..")).toAbsolutePath().normalize();
    private final Path cloudprofilerJar = repository.resolve("cp-cli/target/cloudprofiler.jar");
    private final Path directory = Path.of("target/storm-on-local-cluster").toAbsolutePath();
    private final Path cluster = directory.resolve("cluster");
    /** Every process the cluster ran, to check that none is left. */
    private final Set<ProcessHandle> started = new HashSet<>();

    @Test
    void theYsbSpreadsOverTheWorkerNodesCrossesThemAndAccountsForEveryTuple() throws Exception {
        tearDown(); // what a run killed before its own teardown left
        deleteRecursively(directory);
        Path campaigns = Files.createDirectories(directory).resolve("campaigns.txt");
        CampaignTable.write(Generator.ysbAdCampaigns(SEED), campaigns);
        JsonNode summary;
        List<ProcessHandle> leftBehind;
        try {
            summary = run(campaigns);
        } finally {
            leftBehind = tearDown();
        }
        assertEquals(List.of(), leftBehind.stream().map(process -> process.pid() + " "
                + process.info().commandLine().orElse("")).toList(), "left running");
        assertEveryTupleAccountedFor(summary);
        assertHopsCrossNodes(summary);
    }

    private JsonNode run(Path campaigns) throws Exception {
        List<String> up = new ArrayList<>(List.of("cluster", "up", "--dir", cluster.toString(),
                "--repository", repository.toString(), "--nodes", "3", "--engines",
                StormCluster.NAME));
        if ("off".equals(System.getProperty(NetworkNamespaces.SWITCH_PROPERTY))) {
            up.add("--loopback");
        }
        long upNs = System.nanoTime();
        cloudprofiler(up, "cluster-up.log", 0);
        report("cluster up (to every supervisor ready)", upNs);
        LocalCluster local = LocalCluster.open(cluster, repository);
        ClusterLayout layout = local.layout();
        local.state().processes().forEach(process -> process.handle().ifPresent(started::add));
        NetworkNode coordinator = layout.coordinator();

        long submitNs = System.nanoTime();
        local.run(new ClusterProcess("storm-submit", coordinator, StormClient.submit(layout,
                ComposeCluster.submissionJar(), StormYsbSubmission.class.getName(),
                List.of(TOPOLOGY, campaigns.toString())), Map.of(), Readiness.started()), STEP);
        report("submit command", submitNs);
        Path logs = layout.logDirectory(StormCluster.NAME);
        Map<Integer, NetworkNode> spoutNodes = ComposeCluster.await("both spout tasks placed",
                () -> spoutNodes(layout, logs));
        report("submit to both spout tasks placed", submitNs);
        recordWorkers(local);
        Set<String> workerNodes = nodesWithTasks(logs);
        assertEquals(Set.of("node-1", "node-2"), workerNodes, "nodes running the workers");

        List<String> generate = new ArrayList<>(List.of(layout.javaBinary().toString(), "-jar",
                cloudprofilerJar.toString(), "gen", "--payload", "ysb", "--seed",
                Long.toString(SEED), "--log-sends", "--rate", Integer.toString(RATE),
                "--duration", SECONDS + "s", "--connect-timeout", "120s", "--marker-timeout",
                "120s", "--send-hwm", Integer.toString(SEND_QUEUE_BUCKETS)));
        spoutNodes.forEach((task, node) -> generate.addAll(List.of("--endpoint", "tcp://"
                + node.ip() + ":" + (StormYsbSubmission.BASE_PORT + task))));
        long generateNs = System.nanoTime();
        assertEquals(0, local.exec(coordinator, StormCluster.NAME, generate), "the generator");
        report("generator (" + SECONDS + " s of sending, and its connecting)", generateNs);
        ComposeCluster.await("every spout task's drops.json", () -> files(logs, "drops.json").size()
                == StormYsbSubmission.SPOUT_TASKS ? true : null);

        long killNs = System.nanoTime();
        StormClient.killAndAwaitWorkers(local, TOPOLOGY, Duration.ofSeconds(5), STEP);
        report("kill to every worker gone", killNs);

        Path report = directory.resolve("report");
        // 2: the nodes' pairs are unsynchronized (no --sync); the outputs are written all the same.
        cloudprofiler(List.of("analyze", "--logs", logs.toString(), "--out", report.toString()),
                "analyze.log", 2);
        return JSON.readTree(report.resolve("summary.json").toFile());
    }

    /** Spout task index to the node it runs on, from each node's topology.json; null if not all. */
    private static Map<Integer, NetworkNode> spoutNodes(ClusterLayout layout, Path logs)
            throws IOException {
        Map<Integer, NetworkNode> nodes = new TreeMap<>();
        for (NetworkNode node : layout.nodes()) {
            Path file = logs.resolve(ClusterLayout.nodeId(node)).resolve(TopologyFile.FILE_NAME);
            if (!Files.exists(file)) {
                continue;
            }
            TopologyDescription topology = TopologyFile.read(file);
            List<Integer> spoutTasks = topology.components().stream()
                    .filter(component -> component.id().equals(YsbStages.EVENTS))
                    .flatMap(component -> component.tasks().stream()).sorted().toList();
            for (TopologyDescription.Task task : topology.tasks()) {
                if (task.component().equals(YsbStages.EVENTS) && task.host() != null) {
                    // JofSpout task k (k-th of the component's tasks) listens on BASE_PORT + k.
                    nodes.put(spoutTasks.indexOf(task.id()), node);
                }
            }
        }
        return nodes.size() == StormYsbSubmission.SPOUT_TASKS ? nodes : null;
    }

    /** The node ids whose topology.json places some task there. */
    private static Set<String> nodesWithTasks(Path logs) throws IOException {
        Set<String> nodes = new TreeSet<>();
        for (Path file : files(logs, TopologyFile.FILE_NAME)) {
            if (TopologyFile.read(file).tasks().stream().anyMatch(task -> task.host() != null)) {
                nodes.add(file.getParent().getFileName().toString());
            }
        }
        return nodes;
    }

    /** What the cluster's processes started and still run: the workers and their log writers. */
    private void recordWorkers(LocalCluster local) {
        local.state().processes().stream().flatMap(process -> process.handle().stream())
                .flatMap(ProcessHandle::descendants).forEach(started::add);
    }

    /** Takes the cluster down if one is up; returns what still runs of what it ran, killed now. */
    private List<ProcessHandle> tearDown() throws Exception {
        if (Files.exists(cluster.resolve("cluster.json"))) {
            cloudprofiler(List.of("cluster", "down", "--dir", cluster.toString(),
                    "--repository", repository.toString()), "cluster-down.log", 0);
        }
        List<ProcessHandle> alive = started.stream().filter(ProcessHandle::isAlive).toList();
        alive.forEach(ProcessHandle::destroyForcibly);
        return alive;
    }

    private static void assertEveryTupleAccountedFor(JsonNode summary) {
        JsonNode input = summary.path("input");
        for (String count : List.of("filesSkipped", "blocksSkipped", "filesNotClosed",
                "problemCount")) {
            assertEquals(0, input.path(count).asLong(), () -> count + ": " + input);
        }
        assertEquals(3, summary.path("unsynchronizedPairs").size(),
                summary.path("unsynchronizedPairs")::toString);
        long generated = (long) RATE * SECONDS;
        long handedOver = 0;
        for (JsonNode source : summary.path("drops").path("external")) {
            assertEquals(0, source.path("dropped").asLong(), source::toString);
            handedOver += source.path("counts").path("tuplesHandedOver").asLong();
        }
        assertEquals(generated, handedOver, "tuples the spouts handed to Storm");
        assertEquals(0, summary.path("drops").path("channelRecordsDropped").asLong());
        JsonNode tuples = summary.path("tuples");
        assertTrue(tuples.path("complete").asLong() > 0, tuples::toString);
        assertEquals(generated, tuples.path("complete").asLong()
                + tuples.path("timedOut").asLong(), tuples::toString);
        // YSB's filter keeps the views only; every other tuple must end there, and only there.
        for (JsonNode cause : tuples.path("timedOutBy")) {
            assertEquals("ENDED_AT", cause.path("reason").asText(), cause::toString);
            assertEquals(YsbStages.FILTER, cause.path("component").asText(), cause::toString);
        }
    }

    /**
     * The generator's node sends to both worker nodes; the spouts' tuples reach the next bolt
     * (Storm's load-aware shuffle keeps them in the spout's worker while it is lightly loaded);
     * and some hop between the bolts crosses the worker nodes (the fields grouping).
     */
    private static void assertHopsCrossNodes(JsonNode summary) {
        long generated = (long) RATE * SECONDS;
        Map<String, Long> samples = new TreeMap<>();
        List<String> remoteBetweenBolts = new ArrayList<>();
        for (JsonNode hop : summary.path("hops")) {
            if (!"TRANSFER".equals(hop.path("kind").asText())) {
                continue;
            }
            String key = hop.path("hop").asText() + " " + hop.path("locality").asText();
            samples.merge(key, hop.path("samples").asLong(), Long::sum);
            if ("REMOTE".equals(hop.path("locality").asText())
                    && !hop.path("from").asText().equals("generator")) {
                remoteBetweenBolts.add(hop.path("hop").asText());
            }
        }
        assertEquals(generated, samples.getOrDefault("generator -> events REMOTE", 0L),
                samples::toString);
        long spoutToBolt = samples.entrySet().stream()
                .filter(entry -> entry.getKey().startsWith("events -> deserialize "))
                .mapToLong(Map.Entry::getValue).sum();
        assertEquals(generated, spoutToBolt, samples::toString);
        assertFalse(remoteBetweenBolts.isEmpty(), samples::toString);
    }

    /** Runs the cloudprofiler command; fails unless it exits with {@code exitCode}. */
    private void cloudprofiler(List<String> arguments, String logName, int exitCode)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                cloudprofilerJar.toString()));
        command.addAll(arguments);
        Path log = directory.resolve(logName);
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!process.waitFor(STEP.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", arguments) + " did not end within "
                    + STEP + ":\n" + Files.readString(log));
        }
        String output = Files.readString(log);
        System.out.print(output);
        assertEquals(exitCode, process.exitValue(),
                () -> String.join(" ", arguments) + ":\n" + output);
    }

    private static List<Path> files(Path directory, String name) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(file -> file.getFileName().toString().equals(name)).toList();
        }
    }

    private static void report(String what, long sinceNs) {
        System.out.printf("timing: %s: %.1f s%n", what, (System.nanoTime() - sinceNs) / 1e9);
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
