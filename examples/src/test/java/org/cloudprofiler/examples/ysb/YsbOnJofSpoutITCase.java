package org.cloudprofiler.examples.ysb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.cloudprofiler.channel.IngestionChannel;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.cloudprofiler.examples.ysb.common.WindowKey;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogSummary;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.storm.jof.JofSpout;
import org.cloudprofiler.storm.jof.JofSpoutConfig;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.pill.RunProgress;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.testing.RecordingReporter;
import org.cloudprofiler.testing.PortBlocks;
import org.cloudprofiler.topology.TopologyDescription;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The native generator → JofSpout (two tasks) → the profiled YSB topology (two tasks per bolt)
 * on a real LocalCluster with two workers, so events also cross workers through Storm's Kryo:
 * every generated tuple reaches every step it should, once; the views reach the sink; the pill
 * reaches every task once; topology.json describes what ran; every log decodes; the generator
 * logged every tuple's send before the spout took it.
 */
class YsbOnJofSpoutITCase {
    private static final String NAME = "ysb-jof-it";
    private static final long TUPLES = 60_000;
    private static final long SEED = 7;
    private static final int SPOUT_TASKS = 2;
    private static final int BOLT_TASKS = 2;

    private static GeneratorResult generated;
    private static RunProgress progress;
    private static final Map<String, Long> METRICS = new HashMap<>();

    @BeforeAll
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    static void runTheTopology() throws Exception {
        JofSpoutConfig jof = JofSpoutConfig.builder("127.0.0.1", PortBlocks.free(SPOUT_TASKS))
                .setPayload(Payload.ysb()).setQueueCapacity(1024).build();
        Config conf = YsbTopology.config(2);
        conf.put(Config.TOPOLOGY_METRICS_REPORTERS, List.of(Map.of(
                "class", RecordingReporter.class.getName(), "report.period", 60)));
        CampaignWindows.clear(NAME);
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withSupervisors(1).withPortsPerSupervisor(2).build()) {
            cluster.submitTopology(NAME, conf, YsbTopology.profiled(new JofSpout(jof),
                    SPOUT_TASKS, BOLT_TASKS, Generator.ysbAdCampaigns(SEED)));
            try (Generator generator = Generator.builder().payload(Payload.ysb()).seed(SEED)
                    .endpoints(jof.endpoints(SPOUT_TASKS)).tuplesPerSecond(30_000)
                    .tupleCount(TUPLES).connectTimeout(Duration.ofSeconds(120)).logSends(true)
                    .build()) {
                generator.start();
                generated = generator.awaitEnd();
            }
            assertTrue(LocalRunMonitor.awaitRunEnd(NAME, Duration.ofSeconds(120)),
                    () -> "the pill did not reach every task: " + LocalRunMonitor.progress(NAME));
            progress = LocalRunMonitor.progress(NAME);
            for (String metric : List.of("ysb.unreadable-events", "ysb.unknown-ads",
                    "ysb.late-views", "cloudprofiler.missing-ids",
                    "cloudprofiler.duplicate-pills", "cloudprofiler.jof.tuples-dropped",
                    "cloudprofiler.jof.senders-dropped-tuples")) {
                // A sum of no metric at all would be 0 too: each must exist.
                assertFalse(RecordingReporter.names(metric).isEmpty(), metric);
                METRICS.put(metric, RecordingReporter.sum(metric));
            }
        }
        // Closing the cluster shut the workers down: every channel is closed now.
    }

    private static Map<Long, Long> eachOnce(Set<Long> ids) {
        return ids.stream().collect(Collectors.toMap(Function.identity(), id -> 1L));
    }

    private static Set<Long> allIds() {
        return LongStream.range(0, TUPLES).boxed().collect(Collectors.toSet());
    }

    @Test
    void everyGeneratedTupleIsDeserializedAndFilteredOnce() {
        assertTrue(generated.clean(), generated.problems()::toString);
        assertEquals(TUPLES, generated.sentTuples());
        for (String component : List.of(YsbStages.EVENTS, YsbStages.DESERIALIZE,
                YsbStages.FILTER)) {
            assertEquals(eachOnce(allIds()), ProfileLogs.idCounts(component, "in"), component);
        }
        assertEquals(0L, METRICS.get("ysb.unreadable-events"));
        assertEquals(0L, METRICS.get("cloudprofiler.missing-ids"));
        assertEquals(0L, METRICS.get("cloudprofiler.jof.tuples-dropped"));
        assertEquals(0L, METRICS.get("cloudprofiler.jof.senders-dropped-tuples"));
    }

    @Test
    void theGeneratorLoggedEverySendBeforeTheSpoutTookTheTuple() {
        // One sender: a bucket is its first and last id, both with the send's TSC, and the ids
        // between them.
        List<Long> bucketEnds = ProfileLogs.column(IngestionChannel.name(0), "id");
        List<Long> sendTscs = ProfileLogs.column(IngestionChannel.name(0), "tsc");
        Map<Long, Long> sendTscOfId = new HashMap<>();
        for (int i = 0; i + 1 < bucketEnds.size(); i += 2) {
            assertEquals(sendTscs.get(i), sendTscs.get(i + 1), "bucket at record " + i);
            for (long id = bucketEnds.get(i); id <= bucketEnds.get(i + 1); id++) {
                assertEquals(null, sendTscOfId.put(id, sendTscs.get(i)), "id " + id + " twice");
            }
        }
        assertEquals(allIds(), sendTscOfId.keySet());
        // One node, one clock: a send stamped after the spout's in would be a negative hop.
        long taken = 0;
        for (int task : ProfileLogs.tasks(YsbStages.EVENTS)) {
            String channel = YsbStages.EVENTS + "/" + task + "/in";
            List<Long> ids = ProfileLogs.column(channel, "id");
            List<Long> inTscs = ProfileLogs.column(channel, "tsc");
            for (int i = 0; i < ids.size(); i++) {
                long sendTsc = sendTscOfId.get(ids.get(i));
                long inTsc = inTscs.get(i);
                assertTrue(sendTsc <= inTsc, () -> channel + ": tuple sent at TSC " + sendTsc
                        + " was taken at " + inTsc);
                taken++;
            }
        }
        assertEquals(TUPLES, taken);
    }

    @Test
    void everyViewReachesTheSinkOnceAndIsCounted() {
        Map<Long, Long> views = ProfileLogs.idCounts(YsbStages.FILTER, "out");
        assertEquals(eachOnce(views.keySet()), views);
        // YSB's three event types are drawn evenly: about a third are views.
        assertTrue(views.size() > TUPLES / 4 && views.size() < TUPLES * 5 / 12,
                () -> views.size() + " views of " + TUPLES);
        for (String component : List.of(YsbStages.PROJECT, YsbStages.JOIN,
                YsbStages.WINDOW_COUNT, YsbStages.SINK)) {
            assertEquals(views, ProfileLogs.idCounts(component, "in"), component);
        }
        assertEquals(0L, METRICS.get("ysb.unknown-ads"));
        assertEquals(0L, METRICS.get("ysb.late-views"));

        Map<WindowKey, Long> windows = CampaignWindows.of(NAME);
        assertEquals(views.size(), windows.values().stream().mapToLong(Long::longValue).sum());
        Set<String> campaigns = new HashSet<>(Generator.ysbAdCampaigns(SEED).values());
        for (WindowKey window : windows.keySet()) {
            assertTrue(campaigns.contains(window.campaignId()), window::toString);
            assertEquals(window.windowStartMs(),
                    TumblingWindows.YSB.startOf(window.windowStartMs()), window::toString);
        }
    }

    @Test
    void thePillReachesEveryTaskOnce() {
        assertTrue(progress.complete(), progress::toString);
        assertEquals(0, progress.repeatedEnds());
        assertEquals(0L, METRICS.get("cloudprofiler.duplicate-pills"));
        for (String component : YsbStages.ALL) {
            for (int task : ProfileLogs.tasks(component)) {
                String channel = component + "/" + task + "/first-last";
                List<Long> ids = ProfileLogs.column(channel, "id");
                assertEquals(2, ids.size(), channel);
                assertEquals(HandlerType.POISON_PILL_ID, ids.get(1), channel);
            }
        }
    }

    @Test
    void topologyJsonDescribesTheSubmittedTopology() {
        TopologyDescription topology = ProfileLogs.topology();
        assertEquals(NAME, topology.topologyName());
        assertEquals(YsbStages.ALL, topology.components().stream()
                .map(TopologyDescription.Component::id).sorted(
                        java.util.Comparator.comparing(YsbStages.ALL::indexOf))
                .toList());
        for (TopologyDescription.Component component : topology.components()) {
            int expected = component.id().equals(YsbStages.EVENTS) ? SPOUT_TASKS : BOLT_TASKS;
            assertEquals(expected, component.tasks().size(), component.id());
        }
        List<String> campaignField = List.of(YsbFields.CAMPAIGN_ID);
        Set<TopologyDescription.Edge> expected = Set.of(
                edge(YsbStages.EVENTS, YsbStages.DESERIALIZE, "shuffle", List.of()),
                edge(YsbStages.DESERIALIZE, YsbStages.FILTER, "shuffle", List.of()),
                edge(YsbStages.FILTER, YsbStages.PROJECT, "shuffle", List.of()),
                edge(YsbStages.PROJECT, YsbStages.JOIN, "shuffle", List.of()),
                edge(YsbStages.JOIN, YsbStages.WINDOW_COUNT, "fields", campaignField),
                edge(YsbStages.WINDOW_COUNT, YsbStages.SINK, "fields", campaignField));
        assertEquals(expected, Set.copyOf(topology.edges()));
        assertEquals(SPOUT_TASKS + 6 * BOLT_TASKS, topology.tasks().size());
    }

    private static TopologyDescription.Edge edge(String from, String to, String grouping,
            List<String> fields) {
        return new TopologyDescription.Edge(from, to, "default", grouping, fields, false);
    }

    @Test
    void everyLogDecodesAndTheJofLeftItsCounts() throws Exception {
        for (String component : YsbStages.ALL) {
            for (Path file : ProfileLogs.files(component)) {
                LogSummary summary = LogReader.scan(file);
                assertFalse(summary.hasProblems(), () -> file + ": " + summary.problems());
                assertTrue(summary.closedCleanly(), file::toString);
            }
        }
        long handedOver = 0;
        for (int task : ProfileLogs.tasks(YsbStages.EVENTS)) {
            Path drops = ProfileLogs.nodeDirectory().resolve(YsbStages.EVENTS)
                    .resolve(Integer.toString(task)).resolve("drops.json");
            JsonNode source = new ObjectMapper().readTree(Files.readString(drops))
                    .path("sources").path(0);
            assertEquals(0, source.path("dropped").asLong(), drops::toString);
            handedOver += source.path("counts").path("tuplesHandedOver").asLong();
        }
        assertEquals(TUPLES, handedOver);
    }
}
