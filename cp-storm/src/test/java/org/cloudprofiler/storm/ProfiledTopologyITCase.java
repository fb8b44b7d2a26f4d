package org.cloudprofiler.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.tuple.Fields;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogSummary;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.pill.PillStream;
import org.cloudprofiler.storm.pill.RunProgress;
import org.cloudprofiler.storm.testing.ForwardBolt;
import org.cloudprofiler.storm.testing.NumberSpout;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.testing.RecordingReporter;
import org.cloudprofiler.storm.testing.SinkBolt;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A finite spout, a bolt and two sinks with shuffle, fields and global-style groupings and
 * parallelism above one, run on a real LocalCluster with two workers: ids, pills,
 * {@code topology.json}, metrics and every log file are checked once the run has ended.
 */
class ProfiledTopologyITCase {

    private static final String NAME = "profiled-topology-it";
    private static final int PER_SPOUT_TASK = 400;
    private static final Map<String, Integer> PARALLELISM =
            Map.of("numbers", 2, "forward", 3, "sink", 2, "tally", 1);
    private static final int ID_LESS_SPOUT_TUPLES =
            2 * ((PER_SPOUT_TASK + NumberSpout.NO_ID_EVERY - 1) / NumberSpout.NO_ID_EVERY);

    private static RunProgress progress;
    private static Map<String, Long> metrics = new HashMap<>();

    @BeforeAll
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    static void runTheTopology() throws Exception {
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout("numbers", new NumberSpout(PER_SPOUT_TASK), PARALLELISM.get("numbers"));
        builder.setBolt("forward", new ForwardBolt(), PARALLELISM.get("forward"))
                .shuffleGrouping("numbers");
        builder.setBolt("sink", new SinkBolt(), PARALLELISM.get("sink"))
                .fieldsGrouping("forward", new Fields("word"));
        builder.setBolt("tally", new SinkBolt(), PARALLELISM.get("tally"))
                .shuffleGrouping("forward", ForwardBolt.LENGTHS)
                .globalGrouping("numbers", NumberSpout.NO_ID_STREAM);

        Config conf = new Config();
        conf.setNumWorkers(2);
        conf.setNumAckers(0);
        conf.put(Config.TOPOLOGY_METRICS_REPORTERS, List.of(Map.of(
                "class", RecordingReporter.class.getName(), "report.period", 60)));
        conf.put("cloudprofiler.handlers", "**/count=SPC:10ms");
        ProfiledTopologyBuilder.checkConfig(conf);

        try (LocalCluster cluster = new LocalCluster.Builder()
                .withSupervisors(1).withPortsPerSupervisor(2).build()) {
            cluster.submitTopology(NAME, conf, builder.createTopology());
            assertTrue(LocalRunMonitor.awaitRunEnd(NAME, Duration.ofSeconds(120)),
                    () -> "the pill did not reach every task: " + LocalRunMonitor.progress(NAME));
            progress = LocalRunMonitor.progress(NAME);
            for (String component : PARALLELISM.keySet()) {
                for (String metric : List.of("missing-ids", "pills-received", "duplicate-pills",
                        "in.accepted", "off-thread-emits")) {
                    metrics.put(component + "/" + metric,
                            RecordingReporter.sum("." + component + ".", "cloudprofiler." + metric));
                }
            }
            System.out.println("cloudprofiler metrics: " + new TreeMap<>(metrics));
        }
        // Closing the cluster shut the workers down: every channel is closed now.
    }

    private static List<Long> allIds() {
        List<Long> ids = new ArrayList<>();
        for (int task = 0; task < PARALLELISM.get("numbers"); task++) {
            for (int k = 0; k < PER_SPOUT_TASK; k++) {
                ids.add(NumberSpout.id(task, k));
            }
        }
        return ids;
    }

    private static Map<Long, Long> eachOnce(List<Long> ids, long times) {
        return ids.stream().collect(Collectors.toMap(Function.identity(), id -> times));
    }

    /** The ids logged at {@code point} of {@code component} that are not the spout's own. */
    private static Map<Long, Long> minted(String component, String point) {
        Map<Long, Long> counts = new HashMap<>(ProfileLogs.idCounts(component, point));
        counts.keySet().removeIf(id -> !MintedTupleIds.isMinted(id));
        return counts;
    }

    private static Map<Long, Long> own(String component, String point) {
        Map<Long, Long> counts = new HashMap<>(ProfileLogs.idCounts(component, point));
        counts.keySet().removeIf(MintedTupleIds::isMinted);
        return counts;
    }

    @Test
    void everyEmittedIdReachesTheSinksExactlyOnce() {
        for (String point : List.of("in", "out")) {
            assertEquals(eachOnce(allIds(), 1), own("numbers", point));
            assertEquals(eachOnce(allIds(), 1), own("forward", point));
        }
        assertEquals(eachOnce(allIds(), 1), ProfileLogs.idCounts("sink", "in"));
        assertEquals(allIds().size(), metrics.get("sink/in.accepted"));
    }

    @Test
    void tuplesWithoutAnIdOfTheirOwnGetOneMinted() {
        // The spout's id-less stream is minted at the spout, each record once.
        Map<Long, Long> mintedAtSpout = minted("numbers", "in");
        assertEquals(ID_LESS_SPOUT_TUPLES, mintedAtSpout.size());
        assertEquals(mintedAtSpout, minted("numbers", "out"));
        // forward's second output per input (the lengths stream) fans out: minted at forward,
        // logged at its in (its compute hop) and out, tied to its input by a lineage record.
        Map<Long, Long> fannedOut = minted("forward", "out");
        assertEquals(allIds().size(), fannedOut.size());
        assertEquals(fannedOut, minted("forward", "in"));
        Map<Long, Long> tallied = new HashMap<>(mintedAtSpout);
        tallied.putAll(fannedOut);
        assertEquals(tallied, ProfileLogs.idCounts("tally", "in"));
        for (String component : PARALLELISM.keySet()) {
            assertEquals(0L, metrics.get(component + "/missing-ids"), component);
        }
        long tallyEntered = 0;
        for (int task : ProfileLogs.tasks("tally")) {
            LogSummary count = ProfileLogs.summary("tally/" + task + "/count");
            tallyEntered += count.trailer().callsAccepted();
        }
        assertEquals(allIds().size() + ID_LESS_SPOUT_TUPLES, tallyEntered);
    }

    @Test
    void eachFannedOutTupleHasOneLineageRecordToItsInput() {
        Map<Long, Long> roots = new HashMap<>();
        for (int task : ProfileLogs.tasks("forward")) {
            String channel = "forward/" + task + "/lineage";
            List<Long> children = ProfileLogs.column(channel, "id");
            List<Long> parents = ProfileLogs.column(channel, "tsc");
            for (int i = 0; i < children.size(); i++) {
                roots.put(children.get(i), parents.get(i));
            }
        }
        assertEquals(minted("forward", "out").keySet(), roots.keySet());
        assertEquals(new HashSet<>(allIds()), new HashSet<>(roots.values()));
    }

    @Test
    void thePillReachesEveryTaskExactlyOnce() {
        Set<Integer> allTasks = new HashSet<>();
        PARALLELISM.keySet().forEach(c -> allTasks.addAll(ProfileLogs.tasks(c)));
        assertEquals(allTasks, progress.tasks());
        assertTrue(progress.complete(), progress::toString);
        assertEquals(0, progress.repeatedEnds());
        for (String component : PARALLELISM.keySet()) {
            assertEquals(0L, metrics.get(component + "/duplicate-pills"), component);
            for (int task : ProfileLogs.tasks(component)) {
                String channel = component + "/" + task + "/first-last";
                List<Long> ids = ProfileLogs.column(channel, "id");
                assertEquals(2, ids.size(), channel);
                assertEquals(HandlerType.POISON_PILL_ID, ids.get(1), channel);
                assertEquals(2, ProfileLogs.summary(channel).trailer().callsAccepted(), channel);
            }
        }
        // One pill per upstream task reaches each task.
        assertEquals(3L * 2, metrics.get("forward/pills-received"));
        assertEquals(2L * 3, metrics.get("sink/pills-received"));
        assertEquals(3L + 2, metrics.get("tally/pills-received"));
    }

    @Test
    void topologyJsonDescribesTheSubmittedTopology() {
        TopologyDescription topology = ProfileLogs.topology();
        assertEquals(TopologyDescription.FORMAT, topology.format());
        assertEquals(NAME, topology.topologyName());
        assertEquals(PillStream.ID, topology.pillStream());
        Map<String, TopologyDescription.Component> components = topology.components().stream()
                .collect(Collectors.toMap(TopologyDescription.Component::id, c -> c));
        assertEquals(PARALLELISM.keySet(), components.keySet());
        PARALLELISM.forEach((id, parallelism) -> {
            assertEquals(parallelism, components.get(id).parallelism(), id);
            assertEquals(parallelism, components.get(id).tasks().size(), id);
        });
        assertEquals("source", components.get("numbers").role().jsonName());
        assertEquals("inner", components.get("forward").role().jsonName());
        assertEquals("sink", components.get("sink").role().jsonName());
        assertEquals("sink", components.get("tally").role().jsonName());
        assertEquals(List.of(
                new TopologyDescription.Edge("forward", "sink", "default", "fields",
                        List.of("word"), false),
                new TopologyDescription.Edge("forward", "tally", ForwardBolt.LENGTHS, "shuffle",
                        List.of(), false),
                new TopologyDescription.Edge("numbers", "forward", "default", "shuffle",
                        List.of(), false),
                new TopologyDescription.Edge("numbers", "tally", NumberSpout.NO_ID_STREAM,
                        "global", List.of(), false)), topology.edges());
        assertEquals(8, topology.tasks().size());
        for (TopologyDescription.Task task : topology.tasks()) {
            assertNotNull(task.host(), task.toString());
            assertNotNull(task.port(), task.toString());
            assertEquals(List.of("in", "out", "count", "cpu", "first-last", "lineage"),
                    task.channels().stream().map(TopologyDescription.Channel::point).toList());
            TopologyDescription.Channel count = task.channels().get(2);
            assertEquals("SPC", count.handler());
            assertEquals(List.of(10_000_000L), count.parameters());
        }
    }

    @Test
    void everyLogFileDecodesWithoutProblems() throws Exception {
        int files = 0;
        for (String component : PARALLELISM.keySet()) {
            for (Path file : ProfileLogs.files(component)) {
                LogSummary summary = LogReader.scan(file);
                assertFalse(summary.hasProblems(), () -> file + ": " + summary.problems());
                assertTrue(summary.closedCleanly(), file::toString);
                files++;
            }
        }
        assertEquals(8 * 6, files);
    }
}
