package org.cloudprofiler.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.storm.Config;
import org.apache.storm.DaemonConfig;
import org.apache.storm.LocalCluster;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.cloudprofiler.config.CpOptions;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.testing.SentenceSpout;
import org.cloudprofiler.storm.testing.SinkBolt;
import org.cloudprofiler.storm.testing.SplitSentenceBolt;
import org.cloudprofiler.storm.testing.WordCountBolt;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A word count built with Storm's own {@link TopologyBuilder}, nothing of Cloudprofiler in it,
 * submitted to a LocalCluster whose Nimbus runs {@link ProfilingTopologyValidator}: every spout and
 * bolt logs each record, {@code topology.json} lists them, and the pills end the run as with
 * {@link ProfiledTopologyBuilder}. The same topology with {@code cloudprofiler.enabled: false}
 * runs and logs nothing.
 */
class ProfilingTopologyValidatorITCase {

    private static final int SENTENCES_PER_TASK = 200;
    private static final int SPOUT_TASKS = 2;
    /** Words the opted-out topology's sink has seen, in this JVM. */
    private static final AtomicLong OPTED_OUT_WORDS = new AtomicLong();

    private static boolean validatedRunEnded;

    @BeforeAll
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    static void submitBothUnchanged() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withDaemonConf(
                DaemonConfig.NIMBUS_TOPOLOGY_VALIDATOR,
                ProfilingTopologyValidator.class.getName()).build()) {
            cluster.submitTopology("validated", conf(true),
                    wordCount("validated-", new SinkBolt()).createTopology());
            validatedRunEnded = LocalRunMonitor.awaitRunEnd("validated", Duration.ofSeconds(120));

            cluster.submitTopology("opted-out", conf(false),
                    wordCount("optout-", new CountingSink()).createTopology());
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (OPTED_OUT_WORDS.get() < words() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        }
    }

    @Test
    void theValidatedTopologyEndsItsRunByThePills() {
        assertTrue(validatedRunEnded, () -> "the pills did not reach every task: "
                + LocalRunMonitor.progress("validated"));
        assertEquals(0, SentenceSpout.FAILED.get());
    }

    @Test
    void everySpoutAndBoltOfTheUnchangedTopologyLogsEachRecord() {
        assertEquals(SPOUT_TASKS * SENTENCES_PER_TASK,
                ProfileLogs.idCounts("validated-sentences", "in").size());
        for (String bolt : List.of("validated-split", "validated-count", "validated-sink")) {
            assertFalse(ProfileLogs.tasks(bolt).isEmpty(), bolt + " in topology.json");
            // The split's in holds each sentence and each further word of it (the lineage rule's
            // fan-out outputs): one record per word, as the count's and the sink's.
            long records = ProfileLogs.idCounts(bolt, "in").values().stream()
                    .mapToLong(Long::longValue).sum();
            assertEquals(words(), records, bolt);
        }
    }

    @Test
    void aTopologyThatOptsOutRunsAndLogsNothing() {
        assertEquals(words(), OPTED_OUT_WORDS.get());
        for (String component : List.of("optout-sentences", "optout-split", "optout-count",
                "optout-sink")) {
            assertFalse(Files.exists(ProfileLogs.nodeDirectory().resolve(component)), component);
        }
    }

    /** The words both topologies' sinks see: every word of every sentence of every spout task. */
    private static long words() {
        long words = 0;
        for (int n = 0; n < SENTENCES_PER_TASK; n++) {
            words += SentenceSpout.wordsOf(n);
        }
        return SPOUT_TASKS * words;
    }

    private static Config conf(boolean profiled) {
        Config conf = new Config();
        conf.setNumAckers(1);
        conf.setMessageTimeoutSecs(120);
        if (!profiled) {
            conf.put(CpOptions.ENABLED.key(), false);
        }
        return conf;
    }

    /** The word count as a Storm user builds it. */
    private static TopologyBuilder wordCount(String prefix, BaseBasicBolt sink) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout(prefix + "sentences", new SentenceSpout(SENTENCES_PER_TASK),
                SPOUT_TASKS);
        builder.setBolt(prefix + "split", new SplitSentenceBolt(), 2)
                .shuffleGrouping(prefix + "sentences");
        builder.setBolt(prefix + "count", new WordCountBolt(), 2)
                .fieldsGrouping(prefix + "split", new Fields("word"));
        builder.setBolt(prefix + "sink", sink, 1).shuffleGrouping(prefix + "count");
        return builder;
    }

    /** A sink that counts what it takes, in this JVM. */
    private static final class CountingSink extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            OPTED_OUT_WORDS.incrementAndGet();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            // Emits nothing.
        }
    }
}
