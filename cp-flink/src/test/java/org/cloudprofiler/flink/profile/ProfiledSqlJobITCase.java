package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.flink.testing.JobLogs;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogSummary;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.testing.PortBlocks;
import org.cloudprofiler.topology.TopologyDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A window count written in Flink SQL over a JofSource table, profiled by the same one call as
 * a DataStream job: every operator the planner generates is in topology.json and logs (their
 * logs decode without a problem), the records reach the window aggregation under their ids, and
 * the counts are right.
 */
@Timeout(180) // A guard against a hang only: nothing here is timed.
class ProfiledSqlJobITCase {
    private static final int PARALLELISM = 2;
    private static final long TUPLES = 6_000;
    private static final Queue<Row> RESULTS = new ConcurrentLinkedQueue<>();

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(PARALLELISM)
                    .setConfiguration(new Configuration()).build());

    @Test
    void everyPlannerOperatorIsProfiled() throws Exception {
        JofSource<String> source = JofSource.<String>builder().setBasePort(PortBlocks.free(2))
                .setReceivers(2).setDeserializer(new ValueNamedById()).setBounded().build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        // Event time of a record: its id in ms, so each 1 s window holds 1,000 ids.
        tables.createTemporaryView("events", tables.fromDataStream(
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "sql-source")
                        .uid("sql-source").map(ValueNamedById::idOf).uid("sql-ids"),
                Schema.newBuilder().columnByExpression("ts", "TO_TIMESTAMP_LTZ(f0, 3)")
                        .watermark("ts", "ts - INTERVAL '1' SECOND").build()));
        Table counts = tables.sqlQuery("SELECT MOD(f0, 3) AS campaign, window_start,"
                + " COUNT(*) AS view_count FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts),"
                + " INTERVAL '1' SECOND)) GROUP BY MOD(f0, 3), window_start, window_end");
        tables.toDataStream(counts).sinkTo(new Collecting()).uid("sql-sink");
        RESULTS.clear();

        StreamGraph graph = CloudProfilerFlink.profile(env).streamGraph("sql");
        List<String> operators = new ArrayList<>();
        for (StreamNode node : graph.getStreamNodes()) {
            operators.add(node.getOperatorName());
        }
        JobClient job = env.executeAsync(graph);
        try (Generator generator = Generator.builder().endpoints(source.endpoints())
                .tuplesPerSecond(40_000).tupleCount(TUPLES)
                .connectTimeout(Duration.ofSeconds(60)).build()) {
            generator.start();
            assertTrue(generator.awaitEnd().clean());
        }
        job.getJobExecutionResult().get();

        assertEquals(TUPLES, RESULTS.stream().mapToLong(row -> (Long) row.getField("view_count"))
                .sum(), RESULTS::toString);
        assertEquals(TUPLES / 1_000 * 3, RESULTS.size(), RESULTS::toString);

        TopologyDescription topology = JobLogs.topology();
        assertEquals(job.getJobID().toHexString(), topology.run());
        assertEquals(operators.size(), topology.components().size(), topology.components()
                + " vs " + operators);
        assertTrue(operators.size() >= 6, "planner operators: " + operators);
        Set<String> aggregated = new HashSet<>();
        for (TopologyDescription.Task task : topology.tasks()) {
            for (TopologyDescription.Channel channel : task.channels()) {
                LogSummary summary = summary(channel.name());
                assertTrue(!summary.hasProblems() && summary.closedCleanly(),
                        channel.name() + ": " + summary.problems());
            }
            if (task.component().contains("Window")
                    && !JobLogs.ids(ProbePoint.IN.channelName(task.component(), task.id()))
                            .isEmpty()) {
                aggregated.add(task.component());
            }
        }
        assertTrue(!aggregated.isEmpty(), "no window operator logged its input: "
                + topology.components());
    }

    private static LogSummary summary(String channel) {
        try {
            return LogReader.scan(ChannelLogs.findOwn(channel));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Keeps every row in {@link #RESULTS}. */
    private static final class Collecting implements Sink<Row> {
        private static final long serialVersionUID = 1L;

        @Override
        public SinkWriter<Row> createWriter(WriterInitContext context) {
            return new SinkWriter<>() {
                @Override
                public void write(Row row, Context context) {
                    RESULTS.add(row);
                }

                @Override
                public void flush(boolean endOfInput) {}

                @Override
                public void close() {}
            };
        }
    }
}
