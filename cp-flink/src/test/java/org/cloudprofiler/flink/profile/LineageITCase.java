package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.flink.testing.JobLogs;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The lineage rule on Flink, with a source that has no ids of its own (DataGeneratorSource):
 * every source record gets an id minted at its subtask; a flatMap's further outputs get ids of
 * their own, tied to their root by a lineage record, with their {@code in} at their input's; a
 * window fired by a watermark emits ids minted at the window, with their {@code in} where the
 * watermark reached it.
 */
@Timeout(120) // A guard against a hang only: nothing here is timed.
class LineageITCase {
    private static final int PARALLELISM = 2;

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(PARALLELISM)
                    .setConfiguration(new Configuration()).build());

    @Test
    void aDataGeneratorSourceMintsAUniqueIdForEveryRecordOnEverySubtask() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        env.fromSource(new DataGeneratorSource<>(index -> index, 5_000, Types.LONG),
                WatermarkStrategy.noWatermarks(), "m-source").uid("m-source")
                .rebalance().sinkTo(new DiscardingSink<>()).uid("m-sink");

        CloudProfilerFlink.profile(env).execute("minting");

        int origin = JobLogs.mintOrigin("m-source");
        Set<Long> minted = new HashSet<>();
        for (int subtask = 0; subtask < PARALLELISM; subtask++) {
            List<Long> ids = JobLogs.ids(ProbePoint.OUT.channelName("m-source", subtask));
            for (int i = 0; i < ids.size(); i++) {
                long id = ids.get(i);
                assertTrue(MintedTupleIds.isMinted(id), Long.toHexString(id));
                assertEquals(origin + subtask, MintedTupleIds.origin(id));
                assertEquals(0, MintedTupleIds.epoch(id), "the first attempt");
                assertEquals(i + 1, MintedTupleIds.counter(id), "counted from 1 in order");
                minted.add(id);
            }
        }
        assertEquals(5_000, minted.size(), "each record its own id");
        assertEquals(once(minted), JobLogs.idCounts("m-sink", PARALLELISM, ProbePoint.IN),
                "carried across the exchange");
    }

    @Test
    void eachOutputOfAFanOutHasItsOwnIdTiedToItsRootWithItsInAtItsInputs() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        env.fromSource(new DataGeneratorSource<>(index -> index, 3_000, Types.LONG),
                WatermarkStrategy.noWatermarks(), "f-source").uid("f-source")
                .flatMap((Long value, Collector<Long> out) -> {
                    for (int copy = 0; copy < 3; copy++) {
                        out.collect(value * 3 + copy);
                    }
                }).returns(Types.LONG).uid("f-split")
                .rebalance().sinkTo(new DiscardingSink<>()).uid("f-sink");

        CloudProfilerFlink.profile(env).execute("fan-out");

        Map<Long, Long> sourceInTsc = tscById(
                JobLogs.records("f-source", PARALLELISM, ProbePoint.IN));
        assertEquals(3_000, sourceInTsc.size());
        Map<Long, Long> splitInTsc = tscById(
                JobLogs.records("f-split", PARALLELISM, ProbePoint.IN));
        List<Long> splitOut = JobLogs.records("f-split", PARALLELISM, ProbePoint.OUT).stream()
                .map(record -> record[0]).toList();
        assertEquals(9_000, new HashSet<>(splitOut).size(), "every output its own id");
        assertEquals(splitInTsc.keySet(), new HashSet<>(splitOut), "each has its in here");

        List<long[]> lineage = JobLogs.records("f-split", PARALLELISM, ProbePoint.LINEAGE);
        assertEquals(6_000, lineage.size(), "the two further outputs of each input");
        Map<Long, Long> childrenByRoot = new HashMap<>();
        int origin = JobLogs.mintOrigin("f-split");
        for (long[] record : lineage) {
            long child = record[0];
            long root = record[1];
            assertTrue(sourceInTsc.containsKey(root), "the root is a source record");
            int subtask = MintedTupleIds.origin(child) - origin;
            assertTrue(subtask >= 0 && subtask < PARALLELISM, "minted at the flatMap");
            assertEquals(splitInTsc.get(root), splitInTsc.get(child),
                    "its in is its input's in");
            childrenByRoot.merge(root, 1L, Long::sum);
        }
        assertEquals(Map.copyOf(constant(sourceInTsc.keySet(), 2L)), childrenByRoot);
        assertEquals(once(new HashSet<>(splitOut)),
                JobLogs.idCounts("f-sink", PARALLELISM, ProbePoint.IN));
    }

    @Test
    void aWindowFiredByAWatermarkEmitsIdsMintedThereWithTheirInAtTheWatermark()
            throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        // Event time: the value in ms; 4,000 values, eight 500 ms windows of three keys.
        env.fromSource(new DataGeneratorSource<>(index -> index, 4_000, Types.LONG),
                WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((value, previous) -> value), "w-source")
                .uid("w-source")
                .keyBy(value -> value % 3)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(500)))
                .reduce(Long::sum).uid("w-window")
                .sinkTo(new DiscardingSink<>()).uid("w-sink");

        CloudProfilerFlink.profile(env).execute("window");

        int origin = JobLogs.mintOrigin("w-window");
        List<Long> results = JobLogs.ids(ProbePoint.OUT.channelName("w-window", 0));
        assertEquals(24, results.size(), "8 windows of 3 keys");
        for (long id : results) {
            assertTrue(MintedTupleIds.isMinted(id));
            assertEquals(origin, MintedTupleIds.origin(id), "minted at the window");
        }
        Map<Long, Long> inTsc = tscById(JobLogs.records(
                ProbePoint.IN.channelName("w-window", 0)));
        assertEquals(4_000 + 24, inTsc.size(), "the inputs' in, and the results'");
        // All keys' windows fire on the same watermark: their results share its in.
        Map<Long, Long> resultsPerTrigger = new TreeMap<>();
        for (long id : results) {
            resultsPerTrigger.merge(inTsc.get(id), 1L, Long::sum);
        }
        resultsPerTrigger.values().forEach(count -> assertEquals(0, count % 3,
                resultsPerTrigger::toString));
        long lastInput = inTsc.entrySet().stream().filter(e -> !results.contains(e.getKey()))
                .mapToLong(Map.Entry::getValue).max().orElseThrow();
        assertTrue(inTsc.get(results.get(results.size() - 1)) > lastInput,
                "the last windows fire on the final watermark, after every input");
        assertEquals(List.of(), JobLogs.ids(ProbePoint.LINEAGE.channelName("w-window", 0)),
                "no lineage: a window's results are reported from the window on");
        assertEquals(once(new HashSet<>(results)),
                JobLogs.idCounts("w-sink", 1, ProbePoint.IN));
    }

    private static Map<Long, Long> tscById(List<long[]> records) {
        Map<Long, Long> tsc = new HashMap<>();
        for (long[] record : records) {
            assertEquals(null, tsc.put(record[0], record[1]), "logged once: " + record[0]);
        }
        return tsc;
    }

    private static Map<Long, Long> once(Set<Long> ids) {
        return constant(ids, 1L);
    }

    private static Map<Long, Long> constant(Set<Long> ids, long value) {
        return ids.stream().collect(Collectors.toMap(id -> id, id -> value));
    }
}
