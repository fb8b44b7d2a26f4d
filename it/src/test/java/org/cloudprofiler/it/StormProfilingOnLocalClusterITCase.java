package org.cloudprofiler.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.ArrayList;
import java.util.TreeMap;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.cloudprofiler.cluster.ClusterLayout;
import org.cloudprofiler.cluster.LocalCluster;
import org.cloudprofiler.cluster.Polling;
import org.cloudprofiler.cluster.Polling.Observation;
import org.cloudprofiler.cluster.StormClient;
import org.cloudprofiler.cluster.StormCluster;
import org.cloudprofiler.it.stormjobs.WordCountTopology;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.RecordBlock;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A topology its user wrote with Storm's own {@code TopologyBuilder}, nothing of the profiler in
 * its jar (a word count whose spout has no id field, acking on), submitted unchanged with
 * {@code cluster submit storm} to the local cluster's Storm (processes from the Maven jars):
 * brought up with {@code cluster up --profile}, Nimbus profiles it, so every spout and bolt logs
 * each record, the pills end every task's run when the kill deactivates it, and
 * {@code cloudprofiler analyze} reports its hops with no violation; brought up without, the same
 * jar logs nothing.
 */
@Timeout(600) // A guard against a hang only: nothing here is timed.
@Tag("multi-process-cluster")
class StormProfilingOnLocalClusterITCase {
    private static final long SENTENCES = 2_000;
    private static final Duration RUN_WAIT = Duration.ofMinutes(3);
    private static final Duration POLL = Duration.ofMillis(250);
    /** As {@code storm kill -w}: the spout is deactivated, and sends its pill, this long first. */
    private static final Duration DEACTIVATED = Duration.ofSeconds(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The clusters and the runs' outputs, kept after a failure (target/ is the build's). */
    private static final Path directory = Path.of("target", "storm-profiling-on-local-cluster")
            .toAbsolutePath();

    private static Path topologyJar;

    private Path cluster;

    @BeforeAll
    static void packTheUsersTopology() throws Exception {
        ClusterTestFiles.deleteRecursively(directory);
        Files.createDirectories(directory);
        topologyJar = ClusterTestFiles.jarOfPackage(WordCountTopology.class,
                directory.resolve("word-count.jar"));
    }

    @AfterEach
    void down() throws Exception {
        if (cluster != null && Files.exists(cluster.resolve("cluster.json"))) {
            cli("cluster", "down", "--dir", cluster.toString()).exitCode();
        }
    }

    @Test
    void anUnchangedTopologyOnAProfilingClusterLogsAtEverySpoutAndBoltAndEndsItsRun()
            throws Exception {
        ClusterLayout layout = up("profiling", "--profile");
        submitAndAwaitEveryAck(layout, "word-count-profiled");
        // As storm kill -w: the deactivated spout sends its pill; the worker's exit flushes and
        // closes every channel.
        StormClient.killAndAwaitWorkers(LocalCluster.open(cluster, CliRun.repository()),
                "word-count-profiled", DEACTIVATED, RUN_WAIT);

        Path node = layout.logDirectory(StormCluster.NAME)
                .resolve(ClusterLayout.nodeId(layout.workers().get(0)));
        TopologyDescription topology = TopologyFile.read(node.resolve(TopologyFile.FILE_NAME));
        assertEquals("word-count-profiled", topology.topologyName());
        long words = WordCountTopology.words(SENTENCES);
        // The split's in holds each sentence and each further word of it (docs/storm.md, "Tuple
        // ids"): one record per word, as the count's and the report's.
        Map<String, Long> expected = Map.of(WordCountTopology.SENTENCES, SENTENCES,
                WordCountTopology.SPLIT, words, WordCountTopology.COUNT, words,
                WordCountTopology.REPORT, words);
        assertEquals(expected.keySet(), topology.components().stream()
                .map(TopologyDescription.Component::id).collect(Collectors.toSet()));
        Map<String, Long> logged = new TreeMap<>();
        for (TopologyDescription.Component component : topology.components()) {
            Path channels = node.resolve(component.channelPrefix());
            logged.put(component.id(), recordsOf(channels, "in."));
            for (int task : component.tasks()) {
                assertTrue(endsTheRun(channels.resolve(Integer.toString(task))),
                        component.id() + "/" + task + " logged no end of run (-1) at first-last");
            }
        }
        assertEquals(new TreeMap<>(expected), logged);

        Path out = directory.resolve("analysis");
        CliRun analyze = cli("analyze", "--logs", layout.logDirectory(StormCluster.NAME)
                .toString(), "--out", out.toString());
        assertEquals(0, analyze.exitCode(), analyze::output);
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(0, summary.path("violations").size(), summary::toString);
        assertFalse(summary.path("hops").isEmpty(), summary::toString);
    }

    @Test
    void theSameTopologyOnAClusterWithoutProfileLogsNothing() throws Exception {
        ClusterLayout layout = up("plain");
        submitAndAwaitEveryAck(layout, "word-count-plain");

        // Profiled, its worker would have written topology.json as its first task started.
        assertEquals(List.of(), ClusterTestFiles.filesUnder(
                layout.logDirectory(StormCluster.NAME)), "files logged without --profile");
    }

    /** {@code cluster up} of Storm alone on two loopback nodes, with {@code options}. */
    private ClusterLayout up(String name, String... options) throws Exception {
        cluster = directory.resolve(name);
        List<String> command = new ArrayList<>(List.of("cluster", "up", "--dir",
                cluster.toString(), "--engines", "storm", "--nodes", "2", "--loopback"));
        command.addAll(List.of(options));
        CliRun up = cli(command.toArray(String[]::new));
        assertEquals(0, up.exitCode(), up::output);
        assertEquals(options.length > 0, up.output().contains(
                "every Storm topology submitted is profiled"), up::output);
        return LocalCluster.open(cluster, CliRun.repository()).layout();
    }

    /**
     * Submits the word count as {@code name} with {@code cluster submit}, as a user does, and
     * waits until its spout has every sentence acked.
     */
    private void submitAndAwaitEveryAck(ClusterLayout layout, String name) throws Exception {
        CliRun submit = cli("cluster", "submit", "--dir", cluster.toString(), "storm",
                topologyJar.toString(), WordCountTopology.class.getName(), name,
                Long.toString(SENTENCES));
        assertEquals(0, submit.exitCode(), submit::output);
        Path stormDirectory = layout.directory().resolve(StormCluster.NAME);
        String acked = WordCountTopology.ALL_ACKED + SENTENCES;
        Polling.await("the spout of " + name + " did not print \"" + acked + "\" in a worker log"
                + " under " + stormDirectory, RUN_WAIT, POLL, () -> workerLogs(stormDirectory)
                        .stream().anyMatch(log -> contains(log, acked))
                        ? Observation.found(true) : Observation.notYet());
    }

    /** The workers' log files: {@code <daemon>/logs/workers-artifacts/<id>/<port>/worker.log}. */
    private static List<Path> workerLogs(Path stormDirectory) {
        return ClusterTestFiles.filesUnder(stormDirectory).stream()
                .filter(file -> file.getFileName().toString().equals("worker.log")).toList();
    }

    private static boolean contains(Path file, String text) {
        try {
            return Files.readString(file).contains(text);
        } catch (IOException notYetReadable) {
            return false;
        }
    }

    /** The records of the channel files under {@code channels} whose names start so. */
    private static long recordsOf(Path channels, String prefix) throws IOException {
        long records = 0;
        for (Path file : ClusterTestFiles.filesUnder(channels)) {
            if (file.getFileName().toString().startsWith(prefix)) {
                records += LogReader.scan(file).recordCount();
            }
        }
        return records;
    }

    /** Whether the task's {@code first-last} channel holds the end of its run, id -1. */
    private static boolean endsTheRun(Path task) throws IOException {
        for (Path file : ClusterTestFiles.filesUnder(task)) {
            if (!file.getFileName().toString().startsWith("first-last.")) {
                continue;
            }
            try (LogReader reader = LogReader.open(file)) {
                int id = reader.header().columnIndex("id");
                for (RecordBlock block = reader.nextBlock(); block != null;
                        block = reader.nextBlock()) {
                    for (long value : block.column(id)) {
                        if (value == -1) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    private static CliRun cli(String... arguments) throws IOException {
        return CliRun.start(directory, arguments);
    }
}
