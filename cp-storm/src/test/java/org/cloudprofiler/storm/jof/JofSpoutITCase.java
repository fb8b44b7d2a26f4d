package org.cloudprofiler.storm.jof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.UnaryOperator;
import java.util.stream.LongStream;

import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.storm.ProfiledTopologyBuilder;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.testing.SinkBolt;
import org.cloudprofiler.testing.PortBlocks;
import org.junit.jupiter.api.Test;

/**
 * The native generator → JofSpout (two tasks, two receivers each) → a profiled sink on a real
 * LocalCluster: every tuple the generator sent reaches the sink once, under its generator id,
 * and the run ends by itself once the generator's end-of-run markers are through; under {@link
 * FullQueuePolicy#WAIT} a sink slower than the generator loses nothing; each partition is one
 * ordered stream, unique across the spout's tasks; a translator of the user's own runs on its
 * receivers' own copies and routes each record to its stream.
 */
class JofSpoutITCase {
    private static final long TUPLES = 100_000;

    @Test
    void everyGeneratedTupleReachesTheSinkOnce() throws Exception {
        JofSpoutConfig config = JofSpoutConfig.builder("127.0.0.1", PortBlocks.free(4))
                .setReceiversPerTask(2).setQueueCapacity(1024).build();
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout("jof-events", new JofSpout(config), 2);
        builder.setBolt("jof-sink", new SinkBolt(), 2).shuffleGrouping("jof-events");

        GeneratorResult result = run("jof-spout-it", builder, config);
        assertTrue(result.clean(), result.problems().toString());
        assertEquals(TUPLES, result.sentTuples());
        assertEachIdOnce("jof-events");
        assertEachIdOnce("jof-sink");
    }

    @Test
    void underWaitASlowTopologyHoldsTheGeneratorBackAndLosesNothing() throws Exception {
        // Queues of one bucket in front of a sink slower than the generator: DROP would drop;
        // WAIT leaves the backlog to the generator, whose send queue here holds every bucket.
        JofSpoutConfig config = JofSpoutConfig.builder("127.0.0.1", PortBlocks.free(4))
                .setReceiversPerTask(2).setQueueCapacity(1)
                .setWhenQueueFull(FullQueuePolicy.WAIT).setReceiveHighWaterMark(1).build();
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout("held-events", new JofSpout(config), 2);
        builder.setBolt("slow-sink", new SlowBolt(), 2).shuffleGrouping("held-events");

        GeneratorResult result = run("jof-spout-wait-it", builder, config,
                generator -> generator.sendHighWaterMark((int) TUPLES));
        assertTrue(result.clean(), result.problems().toString());
        assertEquals(TUPLES, result.sentTuples());
        assertEachIdOnce("held-events");
        assertEachIdOnce("slow-sink");
    }

    @Test
    void aTranslatorRunsOnEachReceiversOwnCopyAndRoutesEachRecordToItsStream() throws Exception {
        RecordingBolt.RECEIVED.clear();
        JofSpoutConfig config = JofSpoutConfig.builder("127.0.0.1", PortBlocks.free(4))
                .setReceiversPerTask(2).setQueueCapacity(1024)
                .setRecordTranslator(new ParityTranslator()).build();
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout("parity-events", new JofSpout(config), 2);
        builder.setBolt("parity-sink", new RecordingBolt(), 2)
                .shuffleGrouping("parity-events", ParityTranslator.EVEN)
                .shuffleGrouping("parity-events", ParityTranslator.ODD);

        GeneratorResult result = run("jof-spout-translator-it", builder, config);
        assertTrue(result.clean(), result.problems().toString());
        Map<Long, String> streamOfId = new HashMap<>();
        Map<String, Set<String>> threadsOfCopy = new HashMap<>();
        long repeated = 0;
        for (List<Object> tuple : RecordingBolt.RECEIVED) {
            long id = (Long) tuple.get(1);
            if (streamOfId.put(id, (String) tuple.get(0)) != null) {
                repeated++;
            }
            threadsOfCopy.computeIfAbsent((String) tuple.get(2), copy -> new HashSet<>())
                    .add((String) tuple.get(3));
        }
        assertEquals(0, repeated, "ids that arrived more than once");
        long expected = LongStream.range(0, TUPLES).filter(id -> id % 5 != 0).count();
        assertEquals(expected, streamOfId.size(), "every id not filtered out arrives");
        streamOfId.forEach((id, stream) -> {
            assertTrue(id % 5 != 0, () -> "id " + id + " was filtered out but arrived");
            assertEquals(id % 2 == 0 ? ParityTranslator.EVEN : ParityTranslator.ODD, stream,
                    () -> "the stream of id " + id);
        });
        // Two tasks with two receivers each: four copies, each called from one receiver thread.
        assertEquals(4, threadsOfCopy.size(), threadsOfCopy::toString);
        threadsOfCopy.values().forEach(threads -> {
            assertEquals(1, threads.size(), threadsOfCopy::toString);
            assertTrue(threads.iterator().next().startsWith("cloudprofiler-jof-receiver-"),
                    threadsOfCopy::toString);
        });
    }

    @Test
    void eachPartitionIsOneOrderedStreamUniqueAcrossTheSpoutsTasks() throws Exception {
        PartitionCheckingBolt.SEEN.clear();
        JofSpoutConfig config = JofSpoutConfig.builder("127.0.0.1", PortBlocks.free(4))
                .setReceiversPerTask(2).setQueueCapacity(1024).build();
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout("partitioned-events", new JofSpout(config), 2);
        builder.setBolt("partition-checker", new PartitionCheckingBolt(), 2)
                .fieldsGrouping("partitioned-events", new Fields("partition"));

        // Two senders: each receiver takes the buckets of both, interleaved.
        GeneratorResult result = run("jof-spout-partitions-it", builder, config,
                generator -> generator.senderThreads(2));
        assertTrue(result.clean(), result.problems().toString());
        Map<Integer, PartitionCheckingBolt.Seen> seen = PartitionCheckingBolt.SEEN;
        // Two senders times four receivers, numbered from 0 across both spout tasks.
        assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6, 7), seen.keySet(), seen::toString);
        seen.forEach((partition, partitionSeen) -> {
            assertEquals(1, partitionSeen.spoutTasks().size(),
                    () -> "spout tasks emitting partition " + partition + ": " + seen);
            assertEquals(0, partitionSeen.offsetsNotAboveTheLast(),
                    () -> "offsets of partition " + partition + " not above the last: " + seen);
        });
        assertEquals(TUPLES, seen.values().stream().mapToLong(PartitionCheckingBolt.Seen::tuples)
                .sum());
    }

    /** Runs {@code builder}'s topology while the generator sends {@link #TUPLES} to it. */
    private static GeneratorResult run(String name, ProfiledTopologyBuilder builder,
            JofSpoutConfig config) throws Exception {
        return run(name, builder, config, generator -> generator);
    }

    /** Runs {@code builder}'s topology, the generator set up further by {@code setUp}. */
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    private static GeneratorResult run(String name, ProfiledTopologyBuilder builder,
            JofSpoutConfig config, UnaryOperator<Generator.Builder> setUp) throws Exception {
        Config conf = new Config();
        conf.setNumAckers(0);
        GeneratorResult result;
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(name, conf, builder.createTopology());
            // The spouts bind their receivers when they open; the generator waits for them.
            try (Generator generator = setUp.apply(Generator.builder()
                    .endpoints(config.endpoints(2)).tuplesPerSecond(50_000).tupleCount(TUPLES)
                    .connectTimeout(Duration.ofSeconds(60))).build()) {
                generator.start();
                result = generator.awaitEnd();
            }
            assertTrue(LocalRunMonitor.awaitRunEnd(name, Duration.ofSeconds(60)),
                    () -> "the run did not end: " + LocalRunMonitor.progress(name));
        }
        return result;
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

    /**
     * Drops every fifth record and sends even ids to one stream, odd ids to another, with the
     * copy it is and the thread it ran on. Not thread-safe: its copy's name is made on first use.
     */
    static final class ParityTranslator implements JofRecordTranslator {
        private static final long serialVersionUID = 1L;
        static final String EVEN = "even";
        static final String ODD = "odd";
        private static final Fields FIELDS = new Fields("offset", "copy", "thread");

        private transient String copy;

        @Override
        public List<Object> apply(JofRecord record) {
            if (record.tupleId() % 5 == 0) {
                return null;
            }
            if (copy == null) {
                copy = UUID.randomUUID().toString();
            }
            return new Values(record.tupleId(), copy, Thread.currentThread().getName());
        }

        @Override
        public String streamFor(JofRecord record) {
            return record.tupleId() % 2 == 0 ? EVEN : ODD;
        }

        @Override
        public List<StreamDeclaration> streams() {
            return List.of(new StreamDeclaration(EVEN, FIELDS),
                    new StreamDeclaration(ODD, FIELDS));
        }
    }

    /** A sink that takes a millisecond's nap every 20 tuples: at most 20,000 tuples/s a task. */
    static final class SlowBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private transient long executed;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            if (++executed % 20 == 0) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            // A sink.
        }
    }

    /**
     * Notes, per {@code partition} it gets (a partition comes to one task: fields grouping), the
     * spout tasks it came from and each {@code offset} not above the last one, in this JVM.
     */
    static final class PartitionCheckingBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        static final Map<Integer, Seen> SEEN = new ConcurrentHashMap<>();

        /** What one partition showed; updated by the one task its partition goes to. */
        record Seen(Set<Integer> spoutTasks, long tuples, long lastOffset,
                long offsetsNotAboveTheLast) {}

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            int partition = input.getIntegerByField("partition");
            long offset = input.getLongByField("offset");
            SEEN.merge(partition, new Seen(Set.of(input.getSourceTask()), 1, offset, 0),
                    (last, next) -> new Seen(union(last.spoutTasks(), next.spoutTasks()),
                            last.tuples() + 1, offset, last.offsetsNotAboveTheLast()
                            + (offset <= last.lastOffset() ? 1 : 0)));
        }

        private static Set<Integer> union(Set<Integer> a, Set<Integer> b) {
            Set<Integer> union = new HashSet<>(a);
            union.addAll(b);
            return Set.copyOf(union);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            // A sink.
        }
    }

    /** Keeps {@code stream, offset, copy, thread} of every tuple it gets, in this JVM. */
    static final class RecordingBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        static final Queue<List<Object>> RECEIVED = new ConcurrentLinkedQueue<>();

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            RECEIVED.add(List.of(input.getSourceStreamId(), input.getLong(0),
                    input.getString(1), input.getString(2)));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            // A sink.
        }
    }
}
