package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.flink.testing.JobLogs;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.testing.PortBlocks;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The generator → a bounded JofSource → a chained map → a keyed exchange → a keyed filter with
 * state → a sink, on a MiniCluster of parallelism 2, profiled with one call: every generated id
 * is logged exactly once at every stage it reaches, although the records' values carry no id;
 * each subtask records its first record and the end of the run once; topology.json describes
 * the job as it ran.
 */
@Timeout(180) // A guard against a hang only: nothing here is timed.
class ProfiledJobITCase {
    private static final int PARALLELISM = 2;
    private static final long TUPLES = 20_000;

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(PARALLELISM)
                    .setConfiguration(new Configuration()).build());

    @Test
    void everyIdIsLoggedOnceAtEveryStageItReaches() throws Exception {
        JofSource<String> source = JofSource.<String>builder().setBasePort(PortBlocks.free(2))
                .setReceivers(2).setDeserializer(new ValueNamedById()).setBounded().build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "p1-source").uid("p1-source")
                .map(value -> value.trim()).name("p1-trim").uid("p1-trim")
                .keyBy(value -> ValueNamedById.idOf(value) % 5)
                .process(new EvenIdsCounted()).name("p1-even").uid("p1-even")
                .sinkTo(new DiscardingSink<>()).name("p1-sink").uid("p1-sink");

        StreamGraph graph = CloudProfilerFlink.profile(env).streamGraph("p1");
        Set<String> chains = new HashSet<>();
        for (JobVertex vertex : graph.getJobGraph().getVertices()) {
            chains.add(vertex.getName());
        }
        JobClient job = env.executeAsync(graph);
        GeneratorResult generated;
        try (Generator generator = Generator.builder().endpoints(source.endpoints())
                .tuplesPerSecond(40_000).tupleCount(TUPLES)
                .connectTimeout(Duration.ofSeconds(60)).build()) {
            generator.start();
            generated = generator.awaitEnd();
        }
        job.getJobExecutionResult().get();
        assertTrue(generated.clean(), generated.problems().toString());

        Map<Long, Long> all = once(id -> true);
        Map<Long, Long> even = once(id -> id % 2 == 0);
        assertEquals(all, JobLogs.idCounts("p1-source", PARALLELISM, ProbePoint.IN));
        assertEquals(all, JobLogs.idCounts("p1-source", PARALLELISM, ProbePoint.OUT));
        assertEquals(all, JobLogs.idCounts("p1-trim", PARALLELISM, ProbePoint.IN));
        assertEquals(all, JobLogs.idCounts("p1-trim", PARALLELISM, ProbePoint.OUT));
        assertEquals(all, JobLogs.idCounts("p1-even", PARALLELISM, ProbePoint.IN));
        assertEquals(even, JobLogs.idCounts("p1-even", PARALLELISM, ProbePoint.OUT));
        assertEquals(even, JobLogs.idCounts("p1-sink", PARALLELISM, ProbePoint.IN));
        for (String component : List.of("p1-source", "p1-trim", "p1-even", "p1-sink")) {
            for (int subtask = 0; subtask < PARALLELISM; subtask++) {
                List<Long> marks = JobLogs.ids(
                        ProbePoint.FIRST_LAST.channelName(component, subtask));
                assertEquals(2, marks.size(), component + "/" + subtask + ": " + marks);
                assertEquals(HandlerType.POISON_PILL_ID, marks.get(1), component + "/" + subtask);
            }
        }

        TopologyDescription topology = JobLogs.topology();
        assertEquals("flink", topology.engine());
        assertEquals(job.getJobID().toHexString(), topology.run());
        assertEquals(Map.of("p1-source", ComponentRole.SOURCE, "p1-trim", ComponentRole.INNER,
                "p1-even", ComponentRole.INNER, "p1-sink", ComponentRole.SINK),
                topology.components().stream().collect(Collectors.toMap(
                        TopologyDescription.Component::id, TopologyDescription.Component::role)));
        assertEquals(List.of("p1-source->p1-trim forward chained", "p1-trim->p1-even hash",
                "p1-even->p1-sink forward chained"), topology.edges().stream()
                        .map(e -> e.from() + "->" + e.to() + " " + e.grouping()
                                + (e.chained() ? " chained" : "")).toList());
        // The job graph Flink ran: its tasks are the chains topology.json describes.
        assertEquals(Set.of("Source: p1-source -> p1-trim", "p1-even -> p1-sink: Writer"),
                chains);
        topology.components().forEach(c -> assertEquals(List.of(0, 1), c.tasks(), c.id()));
        topology.tasks().forEach(t -> assertTrue(t.host() != null, t.toString()));
        assertEquals(0, FlinkTopologyFile.runsHeld(), "placements kept after the job ended");
    }

    @Test
    void anUnboundedRunEndsWithTheGeneratorsRunAndEverySubtaskRecordsItOnce() throws Exception {
        JofSource<String> source = JofSource.<String>builder().setBasePort(PortBlocks.free(2))
                .setReceivers(2).setDeserializer(new ValueNamedById())
                .setUnboundedUntilEndOfRun().build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "p2-source").uid("p2-source")
                .rebalance().map(String::length).uid("p2-length")
                .sinkTo(new DiscardingSink<>()).uid("p2-sink");

        JobClient job = CloudProfilerFlink.profile(env).executeAsync("p2");
        try (Generator generator = Generator.builder().endpoints(source.endpoints())
                .tuplesPerSecond(40_000).tupleCount(TUPLES / 4)
                .connectTimeout(Duration.ofSeconds(60)).build()) {
            generator.start();
            assertTrue(generator.awaitEnd().clean());
        }
        // A streaming job that ends by itself: the source ended with the run.
        job.getJobExecutionResult().get();

        for (String component : List.of("p2-source", "p2-length", "p2-sink")) {
            for (int subtask = 0; subtask < PARALLELISM; subtask++) {
                List<Long> marks = JobLogs.ids(
                        ProbePoint.FIRST_LAST.channelName(component, subtask));
                assertEquals(1, marks.stream().filter(id -> id == HandlerType.POISON_PILL_ID)
                        .count(), component + "/" + subtask + ": " + marks);
            }
        }
        assertEquals(once(id -> id < TUPLES / 4),
                JobLogs.idCounts("p2-sink", PARALLELISM, ProbePoint.IN));
    }

    @Test
    void handlersFollowTheFlinkConfigurationWithoutACodeChange() throws Exception {
        Configuration configuration = new Configuration();
        configuration.setString("cloudprofiler.handlers", "p3-map/**/cpu=OFF, **/out=NULL");
        JofSource<String> source = JofSource.<String>builder().setBasePort(PortBlocks.free(1))
                .setReceivers(1).setDeserializer(new ValueNamedById()).setBounded().build();
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(configuration);
        env.setParallelism(1);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "p3-source").uid("p3-source")
                .map(String::length).uid("p3-map").sinkTo(new DiscardingSink<>()).uid("p3-sink");

        JobClient job = CloudProfilerFlink.profile(env).executeAsync("p3");
        try (Generator generator = Generator.builder().endpoints(source.endpoints())
                .tuplesPerSecond(40_000).tupleCount(1_000)
                .connectTimeout(Duration.ofSeconds(60)).build()) {
            generator.start();
            assertTrue(generator.awaitEnd().clean());
        }
        job.getJobExecutionResult().get();

        Map<String, String> handlers = new HashMap<>();
        JobLogs.topology().tasks().forEach(task -> task.channels().forEach(
                channel -> handlers.put(channel.name(), channel.handler())));
        assertEquals(null, handlers.get("p3-map/0/cpu"), handlers::toString);
        assertEquals("CPU", handlers.get("p3-source/0/cpu"), handlers::toString);
        assertEquals("NULL", handlers.get("p3-map/0/out"), handlers::toString);
        assertEquals("BUFFERED_ID", handlers.get("p3-map/0/in"), handlers::toString);
        assertEquals(List.of(), JobLogs.ids("p3-map/0/out"));
        assertEquals(1_000, JobLogs.ids("p3-map/0/in").size());
        try (Stream<Path> files = Files.list(JobLogs.nodeDirectory().resolve("p3-map/0"))) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith("cpu.")));
        }
    }

    @Test
    void whatATimerEmitsCarriesAnIdMintedAtItsOperator() throws Exception {
        JofSource<String> source = JofSource.<String>builder().setBasePort(PortBlocks.free(1))
                .setReceivers(1).setDeserializer(new ValueNamedById()).setBounded().build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "p4-source").uid("p4-source")
                .keyBy(value -> ValueNamedById.idOf(value) % 3)
                .process(new PassesOnAndTimes()).uid("p4-timed")
                .sinkTo(new DiscardingSink<>()).uid("p4-sink");

        JobClient job = CloudProfilerFlink.profile(env).executeAsync("p4");
        // Slow enough (half a second) for timers due at once to fire before the input ends:
        // Flink drops the processing-time timers still pending at the end of input.
        try (Generator generator = Generator.builder().endpoints(source.endpoints())
                .tuplesPerSecond(1_000).tupleCount(500)
                .connectTimeout(Duration.ofSeconds(60)).build()) {
            generator.start();
            assertTrue(generator.awaitEnd().clean());
        }
        job.getJobExecutionResult().get();

        // Each record's pass-on under its own id, once; each timer's output under an id
        // minted at the timed operator, once, with its in where the timer fired.
        Map<Long, Long> out = JobLogs.idCounts("p4-timed", 1, ProbePoint.OUT);
        Map<Long, Long> passedOn = new HashMap<>();
        Map<Long, Long> timed = new HashMap<>();
        out.forEach((id, count) -> (id >= 0 ? passedOn : timed).put(id, count));
        Map<Long, Long> once = new HashMap<>();
        LongStream.range(0, 500).forEach(id -> once.put(id, 1L));
        assertEquals(once, passedOn);
        assertTrue(!timed.isEmpty(), "the timers fired");
        int origin = JobLogs.mintOrigin("p4-timed");
        timed.forEach((id, count) -> {
            assertEquals(1L, count);
            assertEquals(origin, MintedTupleIds.origin(id), Long.toHexString(id));
        });
        Set<Long> timedIn = new HashSet<>(JobLogs.ids("p4-timed/0/in"));
        assertTrue(timedIn.containsAll(timed.keySet()), "each timer output has its in");
        assertEquals(out, JobLogs.idCounts("p4-sink", 1, ProbePoint.IN));
    }

    /** Passes each record on and sets a processing-time timer that emits one more. */
    static final class PassesOnAndTimes extends KeyedProcessFunction<Long, String, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(String value, Context context, Collector<String> out) {
            out.collect(value);
            context.timerService().registerProcessingTimeTimer(
                    context.timerService().currentProcessingTime());
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext context, Collector<String> out) {
            out.collect("timer " + timestamp);
        }
    }

    /** Each id below {@link #TUPLES} that {@code keep} keeps, once. */
    private static Map<Long, Long> once(LongPredicate keep) {
        Map<Long, Long> counts = new HashMap<>();
        LongStream.range(0, TUPLES).filter(keep).forEach(id -> counts.put(id, 1L));
        return counts;
    }

    /** Passes on the values of even ids, counting per key in keyed state what it saw. */
    static final class EvenIdsCounted extends KeyedProcessFunction<Long, String, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Long> seen;

        @Override
        public void open(org.apache.flink.api.common.functions.OpenContext context) {
            seen = getRuntimeContext().getState(new ValueStateDescriptor<>("seen", Types.LONG));
        }

        @Override
        public void processElement(String value, Context context, Collector<String> out)
                throws Exception {
            Long before = seen.value();
            seen.update(before == null ? 1 : before + 1);
            if (ValueNamedById.idOf(value) % 2 == 0) {
                out.collect(value);
            }
        }
    }
}
