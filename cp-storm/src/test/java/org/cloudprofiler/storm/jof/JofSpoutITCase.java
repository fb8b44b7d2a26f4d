package org.cloudprofiler.storm.jof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.stream.LongStream;

import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.storm.ProfiledTopologyBuilder;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.testing.PortBlocks;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.testing.SinkBolt;
import org.junit.jupiter.api.Test;

/**
 * The native generator → JofSpout (two tasks, two receivers each) → a profiled sink on a real
 * LocalCluster: every tuple the generator sent reaches the sink once, under its generator id,
 * and the run ends by itself once the generator's end-of-run markers are through.
 */
class JofSpoutITCase {
    private static final String NAME = "jof-spout-it";
    private static final long TUPLES = 100_000;

    @Test
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    void everyGeneratedTupleReachesTheSinkOnce() throws Exception {
        JofSpoutConfig config = JofSpoutConfig.builder("127.0.0.1", PortBlocks.free(4))
                .setReceiversPerTask(2).setQueueCapacity(1024).build();
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout("jof-events", new JofSpout(config), 2);
        builder.setBolt("jof-sink", new SinkBolt(), 2).shuffleGrouping("jof-events");
        Config conf = new Config();
        conf.setNumAckers(0);

        GeneratorResult result;
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(NAME, conf, builder.createTopology());
            // The spouts bind their receivers when they open; the generator waits for them.
            try (Generator generator = Generator.builder().endpoints(config.endpoints(2))
                    .tuplesPerSecond(50_000).tupleCount(TUPLES)
                    .connectTimeout(Duration.ofSeconds(60)).build()) {
                generator.start();
                result = generator.awaitEnd();
            }
            assertTrue(LocalRunMonitor.awaitRunEnd(NAME, Duration.ofSeconds(60)),
                    () -> "the run did not end: " + LocalRunMonitor.progress(NAME));
        }
        assertTrue(result.clean(), result.problems().toString());
        assertEquals(TUPLES, result.sentTuples());
        assertEachIdOnce("jof-events");
        assertEachIdOnce("jof-sink");
    }

    /** Every generated id 0 .. TUPLES − 1 in the component's in channels, once. */
    private static void assertEachIdOnce(String component) throws Exception {
        Map<Long, Long> counts = ProfileLogs.idCounts(component, "in");
        long missing = LongStream.range(0, TUPLES).filter(id -> !counts.containsKey(id)).count();
        long repeated = counts.values().stream().filter(n -> n > 1).count();
        long strangers = counts.keySet().stream().filter(id -> id < 0 || id >= TUPLES).count();
        assertEquals("0 missing, 0 repeated, 0 unknown",
                missing + " missing, " + repeated + " repeated, " + strangers + " unknown",
                component);
    }
}
