package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.flink.testing.JobLogs;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SQL program as a Flink user writes it, {@code tableEnv.executeSql("INSERT INTO ...")} with
 * no call of the profiler, on a local MiniCluster: on {@link CloudProfilerFlink#localEnvironment}
 * every operator the planner generates logs and the analyzer reports its hops with no violation;
 * on Flink's own local environment the same program logs nothing.
 */
@Timeout(180) // A guard against a hang only: nothing here is timed.
class ProfilingLocalEnvironmentITCase {
    private static final int ORDERS = 2_000;

    @TempDir
    Path directory;

    @Test
    void executeSqlOnTheProfilingLocalEnvironmentLogsEveryOperator() throws Exception {
        StreamExecutionEnvironment env = CloudProfilerFlink.localEnvironment(parallelismTwo());
        TableResult insert = insertRevenue(env, "profiled");
        String job = insert.getJobClient().orElseThrow().getJobID().toHexString();
        insert.await();

        TopologyDescription topology = JobLogs.topology();
        assertEquals(job, topology.run());
        List<String> components = topology.components().stream()
                .map(TopologyDescription.Component::id).toList();
        // Source, filter and projection, aggregation, sink: the planner's operators, chained.
        assertTrue(components.size() >= 3, components::toString);
        for (String component : components) {
            long logged = 0;
            for (TopologyDescription.Task task : topology.tasks()) {
                if (task.component().equals(component)) {
                    logged += JobLogs.ids(ProbePoint.IN.channelName(component, task.id()))
                            .size();
                }
            }
            assertTrue(logged > 0, component + " logged no record");
        }
        AnalysisSummary analysis = JobLogs.analyse(components, directory);
        assertEquals(List.of(), analysis.violations());
        assertFalse(analysis.hops().isEmpty(), "no hop measured");
    }

    @Test
    void executeSqlOnFlinksLocalEnvironmentLogsNothing() throws Exception {
        Set<Path> before = logFiles();
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.createLocalEnvironment(parallelismTwo());
        TableResult insert = insertRevenue(env, "unprofiled");
        String job = insert.getJobClient().orElseThrow().getJobID().toHexString();
        insert.await();

        assertEquals(before, logFiles(), "files logged by a job run without the profiler");
        if (before.contains(Path.of(TopologyFile.FILE_NAME))) {
            assertNotEquals(job, JobLogs.topology().run(), "topology.json describes the job");
        }
    }

    /**
     * Revenue per product of {@value #ORDERS} generated orders, into a black hole, on a table
     * environment made on {@code env}; tables named after {@code prefix}.
     */
    private static TableResult insertRevenue(StreamExecutionEnvironment env, String prefix) {
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.executeSql("CREATE TABLE " + prefix + "_orders (id BIGINT, product INT,"
                + " amount INT) WITH ('connector' = 'datagen', 'number-of-rows' = '" + ORDERS
                + "', 'rows-per-second' = '20000', 'fields.id.kind' = 'sequence',"
                + " 'fields.id.start' = '1', 'fields.id.end' = '" + ORDERS + "',"
                + " 'fields.product.min' = '0', 'fields.product.max' = '9',"
                + " 'fields.amount.min' = '1', 'fields.amount.max' = '100')");
        tables.executeSql("CREATE TABLE " + prefix + "_revenue (product INT, orders BIGINT,"
                + " revenue BIGINT) WITH ('connector' = 'blackhole')");
        return tables.executeSql("INSERT INTO " + prefix + "_revenue SELECT product, COUNT(*),"
                + " SUM(CAST(amount AS BIGINT)) FROM " + prefix + "_orders WHERE MOD(id, 4) <> 0"
                + " GROUP BY product");
    }

    private static Configuration parallelismTwo() {
        return new Configuration().set(CoreOptions.DEFAULT_PARALLELISM, 2);
    }

    /** Every file under this process's node log directory. */
    private static Set<Path> logFiles() throws IOException {
        Path node = JobLogs.nodeDirectory();
        if (!Files.exists(node)) {
            return Set.of();
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(node)) {
            walk.filter(Files::isRegularFile).forEach(files::add);
        }
        return files.stream().map(node::relativize).collect(Collectors.toSet());
    }
}
