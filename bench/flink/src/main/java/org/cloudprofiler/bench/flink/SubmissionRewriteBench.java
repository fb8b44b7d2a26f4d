package org.cloudprofiler.bench.flink;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.table.api.bridge.java.StreamStatementSet;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.cloudprofiler.examples.flink.ysb.AdEventReader;
import org.cloudprofiler.examples.flink.ysb.YsbJob;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.ysb.AdEvent;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What profiling adds to a submission on the client, where both ways of profiling rewrite the
 * stream graph (docs/flink.md): for the YSB DataStream job and a SQL job of tens of planner
 * operators, the client's work from the built job to the job graph the JobManager gets
 * ({@code getStreamGraph}, serializing the user's instances, {@code getJobGraph}), unprofiled and
 * with the rewrite, alternating, medians over the rounds. Building the job (and the planner's
 * optimisation) is outside the timing: it is the same either way. A benchmark: it prints figures
 * and asserts nothing.
 */
@Command(name = "flink-submission-rewrite-bench", mixinStandardHelpOptions = true,
        description = "Client-side submission work, unprofiled vs profiled, YSB and SQL.")
public final class SubmissionRewriteBench implements Callable<Integer> {

    @Option(names = "--rounds", description = "Measured rounds per job and way (default"
            + " ${DEFAULT-VALUE}).")
    int rounds = 20;

    @Option(names = "--warm-up", description = "Unmeasured rounds first (default"
            + " ${DEFAULT-VALUE}).")
    int warmUp = 5;

    @Option(names = "--sql-inserts", description = "INSERTs of the SQL job's statement set"
            + " (default ${DEFAULT-VALUE}).")
    int sqlInserts = 8;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SubmissionRewriteBench()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        measure("ysb", SubmissionRewriteBench::addYsb);
        measure("sql", env -> addSql(env, sqlInserts));
        return 0;
    }

    private void measure(String job, Consumer<StreamExecutionEnvironment> build)
            throws IOException {
        List<Long> plainNs = new ArrayList<>();
        List<Long> profiledNs = new ArrayList<>();
        for (int round = 0; round < warmUp + rounds; round++) {
            long plain = submissionWorkNs(build, false);
            long profiled = submissionWorkNs(build, true);
            if (round >= warmUp) {
                plainNs.add(plain);
                profiledNs.add(profiled);
            }
        }
        StreamExecutionEnvironment env = environment();
        build.accept(env);
        int operators = env.getStreamGraph().getStreamNodes().size();
        long plain = median(plainNs);
        long profiled = median(profiledNs);
        System.out.printf(Locale.ROOT, "%s: %d operators; unprofiled %.1f ms, profiled %.1f ms"
                + " (median of %d); the rewrite adds %.1f ms%n", job, operators, plain / 1e6,
                profiled / 1e6, rounds, (profiled - plain) / 1e6);
    }

    /** The client's work from a built job to its job graph, in ns. */
    private static long submissionWorkNs(Consumer<StreamExecutionEnvironment> build,
            boolean profiled) throws IOException {
        StreamExecutionEnvironment env = environment();
        build.accept(env);
        long startNs = System.nanoTime();
        StreamGraph graph = profiled ? CloudProfilerFlink.profile(env).streamGraph(null)
                : env.getStreamGraph();
        graph.serializeUserDefinedInstances();
        graph.getJobGraph(Thread.currentThread().getContextClassLoader());
        return System.nanoTime() - startNs;
    }

    private static StreamExecutionEnvironment environment() {
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        return env;
    }

    private static void addYsb(StreamExecutionEnvironment env) {
        JofSource<AdEvent> source = JofSource.<AdEvent>builder().setBasePort(27000)
                .setReceivers(2).setPayload(Payload.ysb())
                .setValueOnlyDeserializer(AdEvent.class).build();
        YsbJob.addTo(env, source, AdEventReader.asIs(), Map.of("ad", "campaign"), "bench");
    }

    /**
     * Orders from {@code datagen}, {@code inserts} aggregations of them (filters, a join with
     * products, windows) into black holes, attached to {@code env} as one job.
     */
    private static void addSql(StreamExecutionEnvironment env, int inserts) {
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.executeSql("CREATE TABLE orders (id BIGINT, product INT, amount INT, ts AS"
                + " TO_TIMESTAMP_LTZ(id, 3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH"
                + " ('connector' = 'datagen')");
        tables.executeSql("CREATE TABLE products (product INT, name STRING) WITH"
                + " ('connector' = 'datagen')");
        StreamStatementSet statements = tables.createStatementSet();
        for (int insert = 0; insert < inserts; insert++) {
            tables.executeSql("CREATE TABLE out_" + insert + " (name STRING, orders BIGINT,"
                    + " revenue BIGINT) WITH ('connector' = 'blackhole')");
            statements.addInsertSql("INSERT INTO out_" + insert + " SELECT p.name, COUNT(*),"
                    + " SUM(CAST(o.amount AS BIGINT)) FROM TABLE(TUMBLE(TABLE orders,"
                    + " DESCRIPTOR(ts), INTERVAL '" + (insert + 1) + "' SECOND)) o JOIN"
                    + " products p ON o.product = p.product WHERE MOD(o.id, " + (insert + 2)
                    + ") = 0 GROUP BY p.name, o.window_start, o.window_end");
        }
        statements.attachAsDataStream();
    }

    private static long median(List<Long> values) {
        long[] sorted = values.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
