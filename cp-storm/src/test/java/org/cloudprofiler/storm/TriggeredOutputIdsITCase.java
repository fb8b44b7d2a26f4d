package org.cloudprofiler.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.topology.base.BaseWindowedBolt;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.testing.FieldsCheck;
import org.cloudprofiler.storm.testing.NumberSpout;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.testing.SinkBolt;
import org.cloudprofiler.storm.testing.TickCountBolt;
import org.cloudprofiler.storm.testing.WindowSumBolt;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Outputs emitted outside the processing of a tuple, on a LocalCluster: a windowed bolt's
 * results (Storm's {@code BaseWindowedBolt}, a tumbling count window), fired by the tuple that
 * completes each window, a bolt's emits on tick tuples, and a time window's results, which Storm
 * emits from a trigger thread of its own. Each carries an id minted at the emitting task, its
 * own root, with its {@code in} at the trigger (the time window's: at the emit) and no lineage
 * record.
 */
class TriggeredOutputIdsITCase {

    private static final String NAME = "triggered-output-ids-it";
    private static final int TUPLES = 500;
    private static final int WINDOW = 5;

    @BeforeAll
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    static void runTheTopology() throws Exception {
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        // The run ends once the spout is through and a tick has made the counter emit.
        builder.setSpout("triggered-numbers", new NumberSpout(TUPLES), 1,
                (spout, emitted) -> ((NumberSpout) spout).isExhausted()
                        && TickCountBolt.EMITTED.get() > 0);
        builder.setBolt("triggered-window", new WindowSumBolt()
                .withTumblingWindow(BaseWindowedBolt.Count.of(WINDOW)), 1)
                .shuffleGrouping("triggered-numbers");
        builder.setBolt("triggered-sink", new SinkBolt(), 1)
                .shuffleGrouping("triggered-window");
        builder.setBolt("triggered-ticks", new TickCountBolt(), 1)
                .shuffleGrouping("triggered-numbers");
        builder.setBolt("triggered-tick-sink", new SinkBolt(), 1)
                .shuffleGrouping("triggered-ticks");
        builder.setBolt("triggered-time-window", new WindowSumBolt()
                .withTumblingWindow(BaseWindowedBolt.Duration.of(20)), 1)
                .shuffleGrouping("triggered-numbers");
        builder.setBolt("triggered-time-sink", new SinkBolt(), 1)
                .shuffleGrouping("triggered-time-window");

        Config conf = new Config();
        conf.setNumAckers(0);
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(NAME, conf, builder.createTopology());
            assertTrue(LocalRunMonitor.awaitRunEnd(NAME, Duration.ofSeconds(120)),
                    () -> "the pill did not reach every task: " + LocalRunMonitor.progress(NAME));
        }
    }

    private static List<Long> ids(String component, String point) {
        List<Long> ids = new ArrayList<>();
        for (int task : ProfileLogs.tasks(component)) {
            ids.addAll(ProfileLogs.column(component + "/" + task + "/" + point, "id"));
        }
        return ids;
    }

    @Test
    void each_window_result_carries_an_id_minted_at_the_window() {
        List<Long> results = ids("triggered-window", "out");
        assertEquals(TUPLES / WINDOW, results.size());
        assertEquals(results.size(), new HashSet<>(results).size());
        int windowTask = ProfileLogs.tasks("triggered-window").get(0);
        for (long id : results) {
            assertTrue(MintedTupleIds.isMinted(id), Long.toHexString(id));
            assertEquals(windowTask, MintedTupleIds.origin(id));
        }
        assertEquals(results, ids("triggered-sink", "in"));
    }

    @Test
    void a_result_has_its_in_at_the_window_and_no_lineage() {
        List<Long> in = ids("triggered-window", "in");
        Set<Long> inputs = new HashSet<>();
        for (int k = 0; k < TUPLES; k++) {
            inputs.add(NumberSpout.id(0, k));
        }
        Set<Long> expected = new HashSet<>(inputs);
        expected.addAll(ids("triggered-window", "out"));
        assertEquals(TUPLES + TUPLES / WINDOW, in.size());
        assertEquals(expected, new HashSet<>(in));
        assertEquals(List.of(), ids("triggered-window", "lineage"));
        assertEquals(List.of(), FieldsCheck.mismatches());
    }

    @Test
    void each_count_emitted_on_a_tick_carries_an_id_minted_at_its_task() {
        List<Long> counts = ids("triggered-ticks", "out");
        assertTrue(counts.size() >= 1);
        int tickTask = ProfileLogs.tasks("triggered-ticks").get(0);
        for (long id : counts) {
            assertTrue(MintedTupleIds.isMinted(id), Long.toHexString(id));
            assertEquals(tickTask, MintedTupleIds.origin(id));
        }
        assertEquals(counts, ids("triggered-tick-sink", "in"));
        // Its in: the spout's tuples, and each count at the tick that fired it.
        assertEquals(TUPLES + counts.size(), ids("triggered-ticks", "in").size());
        assertTrue(ids("triggered-ticks", "in").containsAll(counts));
        assertEquals(List.of(), ids("triggered-ticks", "lineage"));
    }

    /**
     * A time window's results come from Storm's trigger thread: each carries an id minted at the
     * window's task from the upper half of its counters (the executor thread mints from the
     * lower), logged at that thread's own in and out, and the sink receives them with those ids.
     */
    @Test
    void each_time_window_result_from_the_trigger_thread_carries_an_id_minted_there() {
        Set<Long> results = new HashSet<>(allFiles("triggered-time-window", "out"));
        assertFalse(results.isEmpty(), "no time window result was logged");
        int windowTask = ProfileLogs.tasks("triggered-time-window").get(0);
        for (long id : results) {
            assertTrue(MintedTupleIds.isMinted(id), Long.toHexString(id));
            assertEquals(windowTask, MintedTupleIds.origin(id));
            assertTrue(MintedTupleIds.counter(id) >= 1L << (MintedTupleIds.COUNTER_BITS - 1),
                    () -> "not from the upper half: " + Long.toHexString(id));
        }
        assertTrue(allFiles("triggered-time-window", "in").containsAll(results));
        List<Long> received = allFiles("triggered-time-sink", "in");
        assertFalse(received.isEmpty(), "the sink logged no result");
        assertTrue(results.containsAll(received), () -> received + " not all among " + results);
    }

    /** The ids logged at {@code point} of {@code component}, over all of this process's files. */
    private static List<Long> allFiles(String component, String point) {
        List<Long> ids = new ArrayList<>();
        for (Path file : ProfileLogs.files(component)) {
            if (file.getFileName().toString().startsWith(point + ".")) {
                try (LogReader reader = LogReader.open(file)) {
                    int column = reader.header().columnIndex("id");
                    ChannelLogs.rows(reader).forEach(row -> ids.add(row[column]));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return ids;
    }
}
