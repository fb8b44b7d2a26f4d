package org.cloudprofiler.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.tuple.Fields;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.testing.FieldsCheck;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.testing.RecordingReporter;
import org.cloudprofiler.storm.testing.SentenceSpout;
import org.cloudprofiler.storm.testing.SinkBolt;
import org.cloudprofiler.storm.testing.SplitSentenceBolt;
import org.cloudprofiler.storm.testing.WordCountBolt;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A word count written as Storm users write it (a spout of sentences without any id field,
 * message ids and acking on, a splitting bolt, a count grouped by word, a report), profiled on a
 * LocalCluster with two workers: every record gets an id minted at the spout, the ids travel
 * beside the values within and between workers, each word of a sentence carries an id of its
 * own tied to its sentence by a lineage record, and the user's bolts see only their own fields.
 */
class WordLineageITCase {

    private static final String NAME = "word-lineage-it";
    private static final int PER_SPOUT_TASK = 300;
    private static final Map<String, Integer> PARALLELISM = Map.of("lineage-sentences", 2,
            "lineage-split", 2, "lineage-count", 2, "lineage-report", 1);

    private static final Map<String, Long> METRICS = new HashMap<>();

    @BeforeAll
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    static void runTheTopology() throws Exception {
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout("lineage-sentences", new SentenceSpout(PER_SPOUT_TASK),
                PARALLELISM.get("lineage-sentences"));
        builder.setBolt("lineage-split", new SplitSentenceBolt(),
                PARALLELISM.get("lineage-split")).shuffleGrouping("lineage-sentences");
        builder.setBolt("lineage-count", new WordCountBolt(),
                PARALLELISM.get("lineage-count")).fieldsGrouping("lineage-split",
                        new Fields("word"));
        builder.setBolt("lineage-report", new SinkBolt(),
                PARALLELISM.get("lineage-report")).shuffleGrouping("lineage-count");

        Config conf = new Config();
        conf.setNumWorkers(2);
        conf.setNumAckers(1);
        conf.setMessageTimeoutSecs(120);
        conf.put(Config.TOPOLOGY_METRICS_REPORTERS, List.of(Map.of(
                "class", RecordingReporter.class.getName(), "report.period", 60)));

        try (LocalCluster cluster = new LocalCluster.Builder()
                .withSupervisors(1).withPortsPerSupervisor(2).build()) {
            cluster.submitTopology(NAME, conf, builder.createTopology());
            assertTrue(LocalRunMonitor.awaitRunEnd(NAME, Duration.ofSeconds(120)),
                    () -> "the pill did not reach every task: " + LocalRunMonitor.progress(NAME));
            for (String component : PARALLELISM.keySet()) {
                for (String metric : List.of("missing-ids", "off-thread-emits")) {
                    METRICS.put(component + "/" + metric, RecordingReporter.sum(
                            "." + component + ".", "cloudprofiler." + metric));
                }
            }
            System.out.println("cloudprofiler metrics: " + new TreeMap<>(METRICS));
        }
    }

    private static int wordsPerSpoutTask() {
        int words = 0;
        for (int n = 0; n < PER_SPOUT_TASK; n++) {
            words += SentenceSpout.wordsOf(n);
        }
        return words;
    }

    /** Every id logged at {@code point} of {@code component}, over its tasks. */
    private static List<Long> ids(String component, String point) {
        List<Long> ids = new ArrayList<>();
        for (int task : ProfileLogs.tasks(component)) {
            ids.addAll(ProfileLogs.column(component + "/" + task + "/" + point, "id"));
        }
        return ids;
    }

    /** The lineage records of {@code component}: child id to root id. */
    private static Map<Long, Long> lineage(String component) {
        Map<Long, Long> roots = new HashMap<>();
        for (int task : ProfileLogs.tasks(component)) {
            String channel = component + "/" + task + "/lineage";
            List<Long> children = ProfileLogs.column(channel, "id");
            List<Long> parents = ProfileLogs.column(channel, "tsc");
            for (int i = 0; i < children.size(); i++) {
                assertEquals(null, roots.put(children.get(i), parents.get(i)), channel);
            }
        }
        return roots;
    }

    @Test
    void no_sentence_failed_and_no_tuple_went_without_an_id() {
        assertEquals(0, SentenceSpout.FAILED.get());
        for (String component : PARALLELISM.keySet()) {
            assertEquals(0L, METRICS.get(component + "/missing-ids"), component);
            assertEquals(0L, METRICS.get(component + "/off-thread-emits"), component);
        }
    }

    @Test
    void every_sentence_gets_an_id_minted_at_its_spout_task() {
        List<Long> ids = ids("lineage-sentences", "in");
        assertEquals(PARALLELISM.get("lineage-sentences") * PER_SPOUT_TASK, ids.size());
        assertEquals(ids.size(), new HashSet<>(ids).size());
        Map<Integer, Set<Long>> countersByTask = new HashMap<>();
        for (long id : ids) {
            assertTrue(MintedTupleIds.isMinted(id), Long.toHexString(id));
            assertEquals(0, MintedTupleIds.epoch(id));
            countersByTask.computeIfAbsent(MintedTupleIds.origin(id), t -> new HashSet<>())
                    .add(MintedTupleIds.counter(id));
        }
        assertEquals(new HashSet<>(ProfileLogs.tasks("lineage-sentences")),
                countersByTask.keySet());
        Set<Long> oneToN = new HashSet<>();
        for (long counter = 1; counter <= PER_SPOUT_TASK; counter++) {
            oneToN.add(counter);
        }
        countersByTask.values().forEach(counters -> assertEquals(oneToN, counters));
        assertEquals(ids, ids("lineage-sentences", "out"));
    }

    @Test
    void nothing_is_logged_under_an_id_twice_at_one_point() {
        for (String component : PARALLELISM.keySet()) {
            for (String point : List.of("in", "out")) {
                List<Long> ids = ids(component, point);
                assertEquals(ids.size(), new HashSet<>(ids).size(), component + "/" + point);
            }
        }
    }

    @Test
    void every_word_carries_an_id_of_its_own_and_each_hop_sees_it() {
        int words = PARALLELISM.get("lineage-sentences") * wordsPerSpoutTask();
        Set<Long> splitOut = new HashSet<>(ids("lineage-split", "out"));
        assertEquals(words, splitOut.size());
        assertEquals(splitOut, new HashSet<>(ids("lineage-count", "in")));
        assertEquals(splitOut, new HashSet<>(ids("lineage-count", "out")));
        assertEquals(splitOut, new HashSet<>(ids("lineage-report", "in")));
        assertTrue(splitOut.containsAll(ids("lineage-sentences", "out")));
        // Each word has its compute hop at split: an in beside its out (a fan-out word's at
        // its sentence's TSC).
        assertEquals(splitOut, new HashSet<>(ids("lineage-split", "in")));
        assertEquals(words, PARALLELISM.get("lineage-sentences") * PER_SPOUT_TASK
                + lineage("lineage-split").size());
    }

    @Test
    void lineage_ties_each_word_to_its_sentence() {
        Map<Long, Long> roots = lineage("lineage-split");
        Set<Long> sentences = new HashSet<>(ids("lineage-sentences", "in"));
        Map<Long, Integer> wordsBySentence = new HashMap<>();
        sentences.forEach(sentence -> wordsBySentence.put(sentence, 1));
        Set<Integer> splitTasks = new HashSet<>(ProfileLogs.tasks("lineage-split"));
        roots.forEach((child, root) -> {
            assertTrue(sentences.contains(root), Long.toHexString(root));
            assertTrue(MintedTupleIds.isMinted(child));
            assertTrue(splitTasks.contains(MintedTupleIds.origin(child)));
            wordsBySentence.merge(root, 1, Integer::sum);
        });
        // Sentence n of a spout task was minted with counter n + 1: its words are known.
        wordsBySentence.forEach((sentence, words) -> assertEquals(
                SentenceSpout.wordsOf(MintedTupleIds.counter(sentence) - 1), words,
                Long.toHexString(sentence)));
        assertEquals(Map.of(), lineage("lineage-count"));
        assertEquals(Map.of(), lineage("lineage-report"));
    }

    @Test
    void the_users_bolts_see_exactly_their_own_fields() {
        assertEquals(List.of(), FieldsCheck.mismatches());
    }

    @Test
    void the_fields_grouping_sends_each_word_to_one_task_and_counts_are_right() {
        Map<String, Long> expected = new HashMap<>();
        for (int n = 0; n < PER_SPOUT_TASK; n++) {
            for (int word = 0; word < SentenceSpout.wordsOf(n); word++) {
                expected.merge("w" + word, (long) PARALLELISM.get("lineage-sentences"),
                        Long::sum);
            }
        }
        assertEquals(expected, WordCountBolt.COUNTS);
        WordCountBolt.TASKS_BY_WORD.forEach((word, tasks) -> assertEquals(1, tasks.size(), word));
    }

    /** The workers (ports) the tasks of {@code component} ran in. */
    private static Set<Long> ports(String component) {
        Set<Long> ports = new HashSet<>();
        for (TopologyDescription.Task task : ProfileLogs.topology().tasks()) {
            if (task.component().equals(component)) {
                ports.add(task.port());
            }
        }
        return ports;
    }

    @Test
    void every_edge_crossed_between_the_two_workers() {
        // With each component in both workers, each grouping sends tuples across: the ids
        // the bolts logged above crossed through the workers' serialization.
        for (String component : List.of("lineage-sentences", "lineage-split",
                "lineage-count")) {
            assertEquals(2, ports(component).size(), component);
        }
    }
}
