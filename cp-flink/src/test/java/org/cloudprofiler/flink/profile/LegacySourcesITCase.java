package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.functions.source.legacy.SourceFunction;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.flink.testing.JobLogs;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Legacy {@code SourceFunction} sources are profiled, not refused: a user's {@code addSource}
 * and the SQL {@code datagen} connector. Their records get ids minted at the source, carried to
 * the sink; each source subtask records its end of run.
 */
@Timeout(120) // A guard against a hang only: nothing here is timed.
class LegacySourcesITCase {
    private static final int PARALLELISM = 2;

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(PARALLELISM)
                    .setConfiguration(new Configuration()).build());

    @Test
    void anAddSourceSourceFunctionIsProfiledWithIdsMintedAtIt() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        env.addSource(new Counting(2_000), "a-source").uid("a-source")
                .map(value -> value + 1).uid("a-plus")
                .sinkTo(new DiscardingSink<>()).uid("a-sink");

        CloudProfilerFlink.profile(env).execute("add-source");

        TopologyDescription topology = JobLogs.topology();
        TopologyDescription.Component source = component(topology, "a-source");
        assertEquals("source", source.kind());
        assertEquals(ComponentRole.SOURCE, source.role());
        assertFalse(topology.edges().stream().filter(e -> e.from().equals("a-source"))
                .findFirst().orElseThrow().chained(), "a legacy source is chained to nothing");
        List<Long> ids = JobLogs.ids(ProbePoint.OUT.channelName("a-source", 0));
        assertEquals(2_000, new HashSet<>(ids).size());
        ids.forEach(id -> assertEquals(source.mintOrigin(), MintedTupleIds.origin(id)));
        assertEquals(once(ids), JobLogs.idCounts("a-source", 1, ProbePoint.IN));
        assertEquals(once(ids), JobLogs.idCounts("a-plus", PARALLELISM, ProbePoint.IN));
        assertEquals(once(ids), JobLogs.idCounts("a-sink", PARALLELISM, ProbePoint.IN));
        assertEquals(HandlerType.POISON_PILL_ID, JobLogs.ids(
                ProbePoint.FIRST_LAST.channelName("a-source", 0)).get(1));
    }

    @Test
    void sqlOverTheDatagenConnectorIsProfiledWithIdsMintedAtTheSource() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.executeSql("CREATE TEMPORARY TABLE clicks (id BIGINT, amount INT) WITH ("
                + " 'connector' = 'datagen', 'number-of-rows' = '1000',"
                + " 'fields.id.kind' = 'sequence', 'fields.id.start' = '1',"
                + " 'fields.id.end' = '1000')");
        Table doubled = tables.sqlQuery("SELECT id, amount * 2 AS doubled FROM clicks");
        tables.toDataStream(doubled).sinkTo(new DiscardingSink<>()).uid("d-sink");

        CloudProfilerFlink.profile(env).execute("datagen");

        TopologyDescription topology = JobLogs.topology();
        List<TopologyDescription.Component> sources = topology.components().stream()
                .filter(c -> c.role() == ComponentRole.SOURCE).toList();
        assertEquals(1, sources.size(), topology.components()::toString);
        TopologyDescription.Component source = sources.get(0);
        assertEquals("source", source.kind());
        List<Long> ids = JobLogs.records(source.id(), source.parallelism(), ProbePoint.OUT)
                .stream().map(record -> record[0]).toList();
        assertEquals(1_000, new HashSet<>(ids).size(), "every row its own id");
        for (long id : ids) {
            int subtask = MintedTupleIds.origin(id) - source.mintOrigin();
            assertTrue(subtask >= 0 && subtask < source.parallelism(), Long.toHexString(id));
        }
        assertEquals(once(ids), JobLogs.idCounts("d-sink", PARALLELISM, ProbePoint.IN),
                "carried through the planner's operators to the sink");
    }

    private static TopologyDescription.Component component(TopologyDescription topology,
            String id) {
        return topology.components().stream().filter(c -> c.id().equals(id)).findFirst()
                .orElseThrow();
    }

    private static Map<Long, Long> once(List<Long> ids) {
        Set<Long> distinct = new HashSet<>(ids);
        return distinct.stream().collect(Collectors.toMap(id -> id, id -> 1L));
    }

    /** A bounded, non-parallel legacy source of the numbers from 0. */
    private static final class Counting implements SourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private final long count;
        private volatile boolean running = true;

        Counting(long count) {
            this.count = count;
        }

        @Override
        public void run(SourceContext<Long> context) {
            for (long value = 0; value < count && running; value++) {
                synchronized (context.getCheckpointLock()) {
                    context.collect(value);
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }
}
