package org.cloudprofiler.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.testing.NumberSpout;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.testing.SinkBolt;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.Test;

/**
 * {@code out} is the hand-off: on a real LocalCluster whose threads are outnumbered by busy
 * ones, so that an emitting thread is often descheduled in the middle of an emit, no tuple's
 * {@code in} at a downstream task comes before its {@code out} upstream. On one node both are
 * read from the same clock, so such a transfer would be a negative latency with a bound of 0.
 */
class HandOffUnderContentionITCase {

    private static final String NAME = "hand-off-under-contention-it";
    private static final int SPOUT_TASKS = 2;
    private static final int PER_SPOUT_TASK = 60_000;
    /** Each component emits one tuple per tuple it takes, on the default stream. */
    private static final List<String> CHAIN = List.of("handoff-numbers", "handoff-relay",
            "handoff-regroup", "handoff-sink");

    @Test
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    void noLocalTransferHopIsNegativeWhileBusyThreadsOutnumberTheCores() throws Exception {
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout(CHAIN.get(0), new NumberSpout(PER_SPOUT_TASK), SPOUT_TASKS);
        builder.setBolt(CHAIN.get(1), new RelayBolt(), 2).shuffleGrouping(CHAIN.get(0));
        builder.setBolt(CHAIN.get(2), new RelayBolt(), 2)
                .fieldsGrouping(CHAIN.get(1), new Fields("word"));
        builder.setBolt(CHAIN.get(3), new SinkBolt(), 2).shuffleGrouping(CHAIN.get(2));
        Config conf = new Config();
        conf.setNumAckers(0);
        conf.put("cloudprofiler.handlers", "**/{count,cpu}=OFF");

        try (BusySpinners busy = new BusySpinners(2 * Runtime.getRuntime().availableProcessors());
                LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(NAME, conf, builder.createTopology());
            assertTrue(LocalRunMonitor.awaitRunEnd(NAME, Duration.ofSeconds(120)),
                    () -> "the pill did not reach every task: " + LocalRunMonitor.progress(NAME));
        }
        // Closing the cluster closed every channel.

        long tuples = (long) SPOUT_TASKS * PER_SPOUT_TASK;
        List<String> findings = new ArrayList<>();
        for (int i = 0; i + 1 < CHAIN.size(); i++) {
            Map<Long, Long> outTsc = tscById(CHAIN.get(i), "out");
            // The spout's id-less stream, which nothing subscribes to, gets minted ids.
            outTsc.keySet().removeIf(MintedTupleIds::isMinted);
            Map<Long, Long> inTsc = tscById(CHAIN.get(i + 1), "in");
            assertEquals(tuples, outTsc.size(), CHAIN.get(i) + " out");
            assertEquals(outTsc.keySet(), inTsc.keySet(), CHAIN.get(i + 1) + " in");
            long negative = 0;
            long worstTicks = 0;
            for (Map.Entry<Long, Long> out : outTsc.entrySet()) {
                long transferTicks = inTsc.get(out.getKey()) - out.getValue();
                if (transferTicks < 0) {
                    negative++;
                    worstTicks = Math.min(worstTicks, transferTicks);
                }
            }
            if (negative > 0) {
                findings.add(CHAIN.get(i) + " -> " + CHAIN.get(i + 1) + ": " + negative
                        + " of " + tuples + " negative, worst " + worstTicks + " ticks");
            }
        }
        assertEquals(List.of(), findings, "transfers whose in comes before their out");
    }

    /** The TSC at which each id was logged at {@code point} over the component's tasks. */
    private static Map<Long, Long> tscById(String component, String point) {
        Map<Long, Long> tscById = new HashMap<>();
        for (int task : ProfileLogs.tasks(component)) {
            String channel = component + "/" + task + "/" + point;
            try (LogReader reader = LogReader.open(ChannelLogs.findOwn(channel))) {
                int id = reader.header().columnIndex("id");
                int tsc = reader.header().columnIndex("tsc");
                for (long[] row : ChannelLogs.rows(reader)) {
                    Long earlier = tscById.put(row[id], row[tsc]);
                    assertNull(earlier, () -> channel + " logged id " + row[id] + " twice");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return tscById;
    }

    /** Daemon threads that spin until closed, to outnumber the cores. */
    private static final class BusySpinners implements AutoCloseable {
        private final AtomicBoolean spinning = new AtomicBoolean(true);
        private final List<Thread> threads = new ArrayList<>();

        BusySpinners(int count) {
            for (int i = 0; i < count; i++) {
                Thread spinner = new Thread(() -> {
                    while (spinning.get()) {
                        Thread.onSpinWait();
                    }
                }, "busy-spinner-" + i);
                spinner.setDaemon(true);
                spinner.start();
                threads.add(spinner);
            }
        }

        @Override
        public void close() throws InterruptedException {
            spinning.set(false);
            for (Thread spinner : threads) {
                spinner.join();
            }
        }
    }

    /** Passes each {@code (offset, word)} tuple on, once. Stateless. */
    static final class RelayBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            collector.emit(new Values(input.getLongByField("offset"),
                    input.getStringByField("word")));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("offset", "word"));
        }
    }
}
