package org.cloudprofiler.examples.sentences;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.testing.AnalysisCoverage;
import org.cloudprofiler.analyzer.testing.OwnLogs;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.topology.TopologyDescription;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SentenceWordCountTopology} as its user runs it, with acking on, unprofiled and profiled
 * side by side on one LocalCluster, each over two workers (so tuples also cross workers through
 * Storm's serialization): both count every word of the same seeded sentences once, and the
 * analysis of the profiled run measures every bolt and edge and the way from the spout to the
 * report, the split's many words per sentence included, and counts each sentence once, although
 * the spout's tuples have no id field.
 */
@Timeout(180) // A guard against a hang only: nothing here is timed.
class SentenceWordCountITCase {
    private static final String PLAIN = "sentence-word-count-plain";
    private static final String PROFILED = "sentence-word-count-profiled";
    private static final long SENTENCES = 2_000;
    private static final long SEED = 7;
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(120);

    @TempDir
    static Path directory;

    private static TopologyDescription topology;
    private static AnalysisSummary analysis;

    @BeforeAll
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    static void runTheTopologyUnprofiledAndProfiled() throws Exception {
        ReportedCounts.clear(PLAIN);
        ReportedCounts.clear(PROFILED);
        Config conf = new Config();
        conf.setNumWorkers(2);
        long words = expectedCounts().values().stream().mapToLong(Long::longValue).sum();
        try (LocalCluster cluster = new LocalCluster.Builder().withSupervisors(1)
                .withPortsPerSupervisor(4).build()) {
            cluster.submitTopology(PLAIN, conf,
                    SentenceWordCountTopology.plain(SENTENCES, SEED));
            cluster.submitTopology(PROFILED, conf,
                    SentenceWordCountTopology.profiled(SENTENCES, SEED));
            assertTrue(LocalRunMonitor.awaitRunEnd(PROFILED, RUN_TIMEOUT),
                    () -> "the pill did not reach every task: "
                            + LocalRunMonitor.progress(PROFILED));
            awaitReportedWords(PLAIN, words);
        }
        // Closing the cluster shut the workers down: every channel is closed now.
        topology = ProfileLogs.topology();
        analysis = OwnLogs.analyse(ProfileLogs.nodeDirectory(), List.of(
                SentenceWordCountTopology.SENTENCES, SentenceWordCountTopology.SPLIT,
                SentenceWordCountTopology.COUNT, SentenceWordCountTopology.REPORT), directory);
    }

    /** An unprofiled topology sends no pill: its report is done once it has every word. */
    private static void awaitReportedWords(String topologyName, long words)
            throws InterruptedException {
        long deadline = System.nanoTime() + RUN_TIMEOUT.toNanos();
        Map<String, Long> counts = ReportedCounts.of(topologyName);
        while (counts.values().stream().mapToLong(Long::longValue).sum() < words) {
            assertTrue(System.nanoTime() < deadline, () -> topologyName + " reported "
                    + counts + ", not all " + words + " words");
            Thread.sleep(50);
        }
    }

    private static Map<String, Long> expectedCounts() {
        Map<String, Long> counts = new HashMap<>();
        for (long k = 0; k < SENTENCES; k++) {
            for (String word : RandomSentenceSpout.sentence(SEED, k).split(" ")) {
                counts.merge(word, 1L, Long::sum);
            }
        }
        return counts;
    }

    @Test
    void bothRunsCountEveryWordOfEverySentenceOnce() {
        assertEquals(expectedCounts(), ReportedCounts.of(PLAIN));
        assertEquals(expectedCounts(), ReportedCounts.of(PROFILED));
    }

    @Test
    void topologyJsonListsEveryComponentAndGrouping() {
        assertEquals(PROFILED, topology.topologyName());
        assertEquals(Set.of("sentences spout source", "split bolt inner", "count bolt inner",
                "report bolt sink"), topology.components().stream()
                .map(c -> c.id() + " " + c.kind() + " " + c.role().jsonName())
                .collect(Collectors.toSet()));
        assertEquals(Set.of("sentences->split shuffle", "split->count fields",
                "count->report global"), topology.edges().stream()
                .map(e -> e.from() + "->" + e.to() + " " + e.grouping())
                .collect(Collectors.toSet()));
    }

    @Test
    void analyzeExitsZero() {
        AnalysisCoverage.assertAnalyzeExitsZero(analysis);
    }

    @Test
    void everyBoltAndEveryEdgeIsMeasured() {
        AnalysisCoverage.assertEveryOperatorAndEdgeMeasured(topology, analysis);
    }

    @Test
    void theWayFromTheSpoutToTheReportIsMeasured() {
        AnalysisCoverage.assertEndToEndMeasured(analysis, SentenceWordCountTopology.SENTENCES,
                SentenceWordCountTopology.REPORT);
    }

    @Test
    void eachSentenceIsCountedOnceAndReachesTheReport() {
        AnalysisCoverage.assertEachSourceRecordCountedOnce(analysis, SENTENCES);
        assertEquals(SENTENCES, analysis.tuples().complete(), analysis.tuples()::toString);
    }

    /**
     * A sentence's first word carries the sentence's id on; each further word is an output with
     * an id minted at the split and a lineage record to its sentence (docs/design.md, "Tuple
     * lineage"), measured to the report and from its sentence.
     */
    @Test
    void eachFurtherWordOfASentenceIsAnOutputMeasuredFromItsSentence() {
        long words = expectedCounts().values().stream().mapToLong(Long::longValue).sum();
        AnalysisCoverage.assertOutputsComplete(analysis, words - SENTENCES, words - SENTENCES);
    }
}
