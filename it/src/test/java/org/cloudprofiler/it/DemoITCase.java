package org.cloudprofiler.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import org.cloudprofiler.netns.NetworkNamespaces;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code make demo}'s script as a user runs it, shorter: three nodes, the profiled YSB on Storm
 * and then on Flink with the sync phases around each run, both analysed, side by side. Each
 * engine's report must show remote hops whose every sample is bounded, by more than zero (the
 * nodes' clocks are translated, not taken as one; how small depends on the host's load and the
 * drift allowance, so docs/benchmarks.md gives the figures and this test none); and
 * when the demo ends, or is interrupted by Ctrl-C in the middle of a run, nothing it started is
 * left: no process naming its cluster directory, no namespace, no cluster.json.
 */
@Tag("multi-process-cluster")
class DemoITCase {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration DEMO_WAIT = Duration.ofMinutes(8);
    private static final Duration LINE_POLL = Duration.ofMillis(100);
    private static final long RATE = 5_000;
    private static final int SECONDS = 8;

    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    private static final Path OUT = REPOSITORY.resolve("target/demo");
    private static final Path CLUSTER = OUT.resolve("cluster");

    @Test
    void theDemoShowsRemoteHopsWithBoundsForBothEnginesAndLeavesNothing() throws Exception {
        Path log = Files.createTempFile("demo-", ".log");
        Process demo = demo(log);
        assertTrue(demo.waitFor(DEMO_WAIT.toMillis(), TimeUnit.MILLISECONDS), "demo hung");
        String output = Files.readString(log);
        assertEquals(0, demo.exitValue(), output);
        boolean namespaces = output.contains("in network namespaces");
        assertEquals(NetworkNamespaces.available().available(), namespaces, output);
        for (String engine : List.of("storm", "flink")) {
            assertRemoteHopsBounded(engine, JSON.readTree(OUT.resolve(engine)
                    .resolve("analysis/summary.json").toFile()));
            assertTrue(Files.size(OUT.resolve(engine).resolve("sync.json")) > 0, engine);
        }
        assertTrue(Files.readString(OUT.resolve("storm-vs-flink.html")).contains("storm vs flink"));
        assertTrue(output.contains("Time (s): start-up"), output);
        assertNothingLeft(output);
    }

    @Test
    void aDemoInterruptedInARunStopsEverything() throws Exception {
        Path log = Files.createTempFile("demo-", ".log");
        Process demo = demo(log);
        awaitLine(log, "run in progress");
        // Ctrl-C: SIGINT to the terminal's foreground process group, the script's.
        new ProcessBuilder("kill", "-INT", "--", "-" + demo.pid()).inheritIO().start()
                .waitFor();
        assertTrue(demo.waitFor(3, TimeUnit.MINUTES), "the demo did not end after Ctrl-C");
        String output = Files.readString(log);
        assertEquals(130, demo.exitValue(), output);
        assertTrue(output.contains("== stopping the cluster"), output);
        assertNothingLeft(output);
    }

    private static void assertRemoteHopsBounded(String engine, JsonNode summary) {
        assertEquals(0, summary.path("violations").size(), engine + ": " + summary);
        // Every tuple sent is accounted for: complete, or filtered out (YSB keeps only views).
        JsonNode tuples = summary.path("tuples");
        assertEquals(RATE * SECONDS, tuples.path("complete").asLong()
                + tuples.path("timedOut").asLong(), engine + ": " + tuples);
        for (JsonNode reason : tuples.path("timedOutBy")) {
            assertEquals("filter", reason.path("component").asText(), engine + ": " + tuples);
        }
        assertEquals(0, summary.path("drops").path("channelRecordsDropped").asLong(), engine);
        JsonNode input = summary.path("input");
        for (String problem : List.of("filesSkipped", "blocksSkipped", "filesNotClosed",
                "problemCount")) {
            assertEquals(0, input.path(problem).asLong(), engine + ": " + input);
        }
        List<String> remote = new ArrayList<>();
        for (JsonNode hop : summary.path("hops")) {
            if (!"REMOTE".equals(hop.path("locality").asText())) {
                continue;
            }
            String name = engine + " " + hop.path("hop").asText();
            remote.add(name);
            assertEquals(0, hop.path("unboundedSamples").asLong(), name);
            assertEquals(hop.path("samples").asLong(), hop.path("boundedSamples").asLong(), name);
            assertTrue(hop.path("boundNs").path("min").asDouble() > 0, name + " " + hop);
        }
        assertTrue(remote.contains(engine + " generator -> events"), remote.toString());
        assertTrue(remote.size() >= 3, engine + ": too few remote hops: " + remote);
    }

    private static void assertNothingLeft(String output) throws IOException,
            InterruptedException {
        String directory = CLUSTER.toAbsolutePath().toString();
        List<String> left = new ArrayList<>();
        // The cluster's processes name its directory; the agents and the generator do not.
        ProcessHandle.allProcesses().forEach(process -> process.info().commandLine()
                .filter(line -> line.contains(directory) || line.contains(" sync-agent ")
                        || line.contains("cloudprofiler.jar gen "))
                .ifPresent(line -> left.add(process.pid() + " " + line)));
        assertEquals(List.of(), left, output);
        assertFalse(Files.exists(CLUSTER.resolve("cluster.json")), output);
        Process list = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true)
                .start();
        String namespaces = new String(list.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8);
        list.waitFor();
        assertFalse(namespaces.contains("cpk" + LocalCluster.keptName(CLUSTER)), namespaces);
    }

    /** The demo's script in a process group of its own, as a terminal starts a command. */
    private static Process demo(Path log) throws IOException {
        ProcessBuilder builder = new ProcessBuilder("setsid", "bash",
                REPOSITORY.resolve("scripts/demo.sh").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("DEMO_RATE", Long.toString(RATE));
        builder.environment().put("DEMO_SECONDS", Integer.toString(SECONDS));
        return builder.start();
    }

    private static void awaitLine(Path log, String text) throws Exception {
        Polling.await("no \"" + text + "\" in " + log, DEMO_WAIT, LINE_POLL, () -> {
            String output = Files.readString(log);
            return output.contains(text) ? Observation.found(log)
                    : Observation.notYet("it holds:\n" + output);
        });
    }
}
