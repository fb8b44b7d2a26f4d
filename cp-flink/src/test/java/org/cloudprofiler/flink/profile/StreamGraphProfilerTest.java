package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.functions.source.legacy.SourceFunction;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.SimpleOperatorFactory;
import org.apache.flink.streaming.api.operators.SourceOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperatorFactory;
import org.apache.flink.streaming.runtime.partitioner.StreamPartitioner;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.junit.jupiter.api.Test;

/**
 * The rewrite of a stream graph, without running it: every operator profiled, sources in
 * Flink's own source factory (a legacy source profiled, chained to nothing), ids carried on
 * every exchange but into an input fed by a side output, and what cannot be profiled refused
 * before anything is submitted.
 */
class StreamGraphProfilerTest {
    private static final OutputTag<Long> ODD = new OutputTag<>("odd", Types.LONG);

    @Test
    void everyOperatorIsProfiledAndExchangesCarryIdsButSideOutputs() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        SingleOutputStreamOperator<Long> even = env.fromSequence(0, 99).uid("numbers")
                .keyBy(n -> n % 3).process(new SplitOdd()).uid("split");
        even.sinkTo(new DiscardingSink<>()).uid("evens");
        even.getSideOutput(ODD).rebalance().map(n -> n + 1).uid("odds")
                .sinkTo(new DiscardingSink<>()).uid("odd-sink");

        StreamGraph graph = CloudProfilerFlink.profile(env).streamGraph("rewrite");

        Map<String, StreamNode> nodes = graph.getStreamNodes().stream().collect(
                Collectors.toMap(StreamNode::getTransformationUID, node -> node));
        assertEquals(5, nodes.size(), nodes::toString);
        SourceOperatorFactory<?> source = assertInstanceOf(SourceOperatorFactory.class,
                nodes.get("numbers").getOperatorFactory());
        assertTrue(source.isStreamSource());
        for (String uid : new String[] {"split", "evens", "odds", "odd-sink"}) {
            assertInstanceOf(ProfilingOperatorFactory.class,
                    nodes.get(uid).getOperatorFactory(), uid);
        }
        assertCarries(true, nodes.get("numbers").getTypeSerializerOut());
        assertCarries(true, nodes.get("split").getTypeSerializersIn()[0]);
        assertCarries(true, nodes.get("split").getTypeSerializerOut());
        // Fed by the side output, serialized with the tag's own serializer: no id.
        assertCarries(false, nodes.get("odds").getTypeSerializersIn()[0]);
        assertCarries(true, nodes.get("odds").getTypeSerializerOut());
        assertTrue(Arrays.stream(nodes.get("odd-sink").getTypeSerializersIn())
                .allMatch(s -> s instanceof IdCarryingSerializer<?>));
    }

    @Test
    void profilingOffSubmitsTheGraphAsWritten() {
        Configuration off = new Configuration();
        off.setString("cloudprofiler.enabled", "false");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(off);
        env.fromSequence(0, 9).uid("numbers").sinkTo(new DiscardingSink<>()).uid("sink");

        StreamGraph graph = CloudProfilerFlink.profile(env).streamGraph("off");

        for (StreamNode node : graph.getStreamNodes()) {
            assertTrue(!(node.getOperatorFactory() instanceof ProfilingOperatorFactory<?>),
                    node.toString());
        }
    }

    @Test
    void everyChannelOffWithoutAConfigurationServerSubmitsTheGraphAsWritten() {
        for (String server : new String[] {null, "127.0.0.1:7712"}) {
            Configuration off = new Configuration();
            off.setString("cloudprofiler.handlers", "**=OFF");
            if (server != null) {
                off.setString("cloudprofiler.config-server", server);
            }
            StreamExecutionEnvironment env =
                    StreamExecutionEnvironment.getExecutionEnvironment(off);
            env.fromSequence(0, 9).uid("numbers").sinkTo(new DiscardingSink<>()).uid("sink");

            StreamGraph graph = CloudProfilerFlink.profile(env).streamGraph("all-off");

            // A server could turn a channel on while the job runs: then it is profiled.
            assertEquals(server != null, StreamGraphProfiler.isProfiled(graph), server);
        }
    }

    @Test
    void aValueThatCannotBeUsedIsRefusedNamingTheKey() {
        Configuration bad = new Configuration();
        bad.setString("cloudprofiler.handlers", "**=NO_SUCH_HANDLER");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(bad);
        env.fromSequence(0, 9).sinkTo(new DiscardingSink<>());

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> CloudProfilerFlink.profile(env).streamGraph("bad"));
        assertTrue(refused.getMessage().contains("cloudprofiler.handlers"),
                refused.getMessage());
    }

    @Test
    void anExtractorForASourceTheJobHasNotIsRefused() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSequence(0, 9).uid("numbers").sinkTo(new DiscardingSink<>());

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> CloudProfilerFlink.profile(env).withTupleIds("numbrs", (Long n) -> n)
                        .streamGraph("typo"));
        assertTrue(refused.getMessage().contains("numbrs"), refused.getMessage());
    }

    @Test
    void aJobWhoseMintedIdsWouldNotBeUniqueIsRefusedInOneLine() {
        StreamExecutionEnvironment many = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<Long> stream = many.fromSequence(0, 9);
        for (int i = 0; i < StreamGraphProfiler.MAX_OPERATORS; i++) {
            stream = stream.map(n -> n);
        }
        stream.sinkTo(new DiscardingSink<>());
        IllegalArgumentException operators = assertThrows(IllegalArgumentException.class,
                () -> CloudProfilerFlink.profile(many).streamGraph("many"));
        assertEquals("cloudprofiler profiles jobs of at most 1024 operators, and this job has"
                + " 1026; profile a smaller job, or set cloudprofiler.enabled=false",
                operators.getMessage());

        StreamExecutionEnvironment wide = StreamExecutionEnvironment.getExecutionEnvironment();
        wide.fromSequence(0, 9).map(n -> n).name("wide").setParallelism(4_097)
                .sinkTo(new DiscardingSink<>());
        IllegalArgumentException subtasks = assertThrows(IllegalArgumentException.class,
                () -> CloudProfilerFlink.profile(wide).streamGraph("wide"));
        assertEquals("cloudprofiler profiles operators of at most 4096 subtasks, and 'wide' has"
                + " 4097; lower its parallelism, or set cloudprofiler.enabled=false",
                subtasks.getMessage());
    }

    @Test
    void aLegacySourceIsProfiledChainedToNothing() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.addSource(new Idle(), "legacy").uid("legacy").map(n -> n).uid("after")
                .sinkTo(new DiscardingSink<>());

        StreamGraph graph = CloudProfilerFlink.profile(env).streamGraph("legacy");

        StreamNode source = graph.getStreamNodes().stream()
                .filter(node -> "legacy".equals(node.getTransformationUID())).findFirst()
                .orElseThrow();
        SimpleOperatorFactory<?> factory = assertInstanceOf(SimpleOperatorFactory.class,
                source.getOperatorFactory());
        assertInstanceOf(ProfiledStreamSource.class, factory.getOperator());
        assertTrue(factory.isLegacySource(), "Flink runs it as the legacy source it is");
        assertEquals(ChainingStrategy.NEVER, factory.getChainingStrategy());
    }

    /**
     * A session cluster's JobManager reads the submitted graph with Flink's class loader only;
     * the user's objects must travel in the graph's holder of serialized values, which it opens
     * with the job's class loader, never beside it.
     */
    @Test
    void theSubmittedGraphCarriesNoUserObjectOutsideItsSerializedHolder() throws IOException {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.fromSequence(0, 99).uid("numbers").keyBy(n -> n % 3).map(n -> n + 1).uid("plus")
                .sinkTo(new DiscardingSink<>()).uid("sink");
        StreamGraph graph = CloudProfilerFlink.profile(env).streamGraph("submitted");
        // What the client does before it sends the graph (AbstractSessionClusterExecutor).
        graph.serializeUserDefinedInstances();

        List<String> written = new ArrayList<>();
        try (ObjectOutputStream out = new ObjectOutputStream(OutputStream.nullOutputStream()) {
            {
                enableReplaceObject(true);
            }

            @Override
            protected Object replaceObject(Object object) {
                if (object instanceof StreamNode || object instanceof StreamPartitioner<?>
                        || object instanceof StreamOperatorFactory<?>) {
                    written.add(object.getClass().getSimpleName() + " " + object);
                }
                return object;
            }
        }) {
            out.writeObject(graph);
        }
        assertEquals(List.of(), written);
    }

    /** A legacy source that emits nothing. */
    private static final class Idle implements SourceFunction<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void run(SourceContext<Long> context) {}

        @Override
        public void cancel() {}
    }

    private static void assertCarries(boolean carries, Object serializer) {
        assertEquals(carries, serializer instanceof IdCarryingSerializer<?>,
                String.valueOf(serializer));
    }

    /** Even numbers on, odd ones to the side output. */
    private static final class SplitOdd extends ProcessFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(Long value, Context context, Collector<Long> out) {
            if (value % 2 == 0) {
                out.collect(value);
            } else {
                context.output(ODD, value);
            }
        }
    }
}
