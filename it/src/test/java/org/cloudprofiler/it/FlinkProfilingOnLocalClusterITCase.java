package org.cloudprofiler.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.cloudprofiler.cluster.ClusterLayout;
import org.cloudprofiler.cluster.ClusterProcess;
import org.cloudprofiler.cluster.FlinkClient;
import org.cloudprofiler.cluster.FlinkCluster;
import org.cloudprofiler.cluster.LocalCluster;
import org.cloudprofiler.it.flinkjobs.NumberWordsJob;
import org.cloudprofiler.it.flinkjobs.RevenueSqlProgram;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Flink jobs their users wrote without the profiler, submitted unchanged to the local cluster's
 * Flink brought up with {@code cluster up --profile} (processes from the Maven jars, the
 * profiler's jar on their class path): a DataStream job jar through {@code cluster submit} and a
 * SQL {@code INSERT} a client program runs with {@code executeSql}, each through Flink's own
 * client, and a SQL script through {@code cluster sql} (Flink's SQL client). Each logs at every
 * operator, and {@code cloudprofiler analyze} reports its hops with no violation; the same job
 * submitted with {@code flink run -t remote} (the script with {@code -D
 * execution.target=remote}) logs nothing.
 */
@Timeout(600) // A guard against a hang only: nothing here is timed.
@Tag("multi-process-cluster")
class FlinkProfilingOnLocalClusterITCase {
    private static final Duration COMMAND_WAIT = CliRun.COMMAND_WAIT;
    /** Numbers, or orders, each job is run on. */
    private static final String RECORDS = "20000";
    private static final Duration JOB_WAIT = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** The cluster and the runs' copies, kept after a failure (target/ is the build's). */
    private static final Path directory = Path.of("target", "flink-profiling-on-local-cluster")
            .toAbsolutePath();

    private static Path cluster;
    private static Path jobJar;
    private static ClusterLayout layout;

    @BeforeAll
    static void upAProfilingCluster() throws Exception {
        ClusterTestFiles.deleteRecursively(directory);
        Files.createDirectories(directory);
        jobJar = ClusterTestFiles.jarOfPackage(NumberWordsJob.class,
                directory.resolve("user-jobs.jar"));
        cluster = directory.resolve("cluster");
        CliRun up = cli("cluster", "up", "--dir", cluster.toString(), "--engines", "flink",
                "--nodes", "2", "--loopback", "--profile");
        assertEquals(0, up.exitCode(), up::output);
        assertTrue(up.output().contains("every Flink job submitted is profiled"), up::output);
        layout = LocalCluster.open(cluster, repository()).layout();
    }

    @AfterAll
    static void down() throws Exception {
        if (cluster != null && Files.exists(cluster.resolve("cluster.json"))) {
            cli("cluster", "down", "--dir", cluster.toString()).exitCode();
        }
    }

    @Test
    void anUnchangedDataStreamJobIsProfiledAtEveryOperator() throws Exception {
        assertProfiled(submit(NumberWordsJob.class, "words-profiled"), "words-profiled", 4);
    }

    @Test
    void theSameDataStreamJobSubmittedWithTargetRemoteLogsNothing() throws Exception {
        assertNothingLogged(NumberWordsJob.class, "words-unprofiled");
    }

    @Test
    void anExecuteSqlProgramIsProfiledAtEveryPlannerOperator() throws Exception {
        assertProfiled(submit(RevenueSqlProgram.class, "sql-profiled"), "sql-profiled", 3);
    }

    @Test
    void theSameExecuteSqlProgramSubmittedWithTargetRemoteLogsNothing() throws Exception {
        assertNothingLogged(RevenueSqlProgram.class, "sql-unprofiled");
    }

    @Test
    void aSqlScriptRunByClusterSqlIsProfiledAtEveryPlannerOperator() throws Exception {
        String name = "script-profiled";
        CliRun sql = cli("cluster", "sql", "--dir", cluster.toString(), "-D",
                "pipeline.name=" + name, categoryRevenueScript().toString());
        // Two sources, the watermarks, the window's aggregate, the join and the sink at least.
        assertProfiled(sql, name, 6);
        assertTrue(sql.output().contains("1 job(s) submitted"), sql::output);
    }

    @Test
    void theSameSqlScriptRunWithTargetRemoteLogsNothing() throws Exception {
        String name = "script-unprofiled";
        assertNothingLoggedBy(name, () -> {
            CliRun sql = cli("cluster", "sql", "--dir", cluster.toString(), "-D",
                    "pipeline.name=" + name, "-D", "execution.target=remote",
                    categoryRevenueScript().toString());
            assertEquals(0, sql.exitCode(), sql::output);
        });
    }

    @Test
    void aSqlScriptWithAnErrorFailsWithItsReasonOnOneLine() throws Exception {
        Path script = Files.writeString(directory.resolve("unknown-table.sql"),
                "INSERT INTO nowhere SELECT 1;\n");
        CliRun sql = cli("cluster", "sql", "--dir", cluster.toString(), script.toString());
        assertNotEquals(0, sql.exitCode(), sql::output);
        List<String> errors = sql.output().lines()
                .filter(line -> line.startsWith("cloudprofiler cluster sql: ")).toList();
        assertEquals(1, errors.size(), sql::output);
        assertTrue(errors.get(0).contains("the SQL script " + script + " failed:")
                && errors.get(0).contains("nowhere"), sql::output);
    }

    /** Submits {@code mainClass} of the job jar as the job {@code name} with cluster submit. */
    private static CliRun submit(Class<?> mainClass, String name) throws IOException {
        return cli("cluster", "submit", "--dir", cluster.toString(), "flink",
                jobJar.toString(), mainClass.getName(), name, RECORDS);
    }

    /**
     * A SQL script as Flink SQL users write one: generated orders summed per product in
     * one-second event-time windows ({@code TUMBLE}), joined with the products' categories, into
     * a black hole.
     */
    private static Path categoryRevenueScript() throws Exception {
        return Path.of(NumberWordsJob.class.getResource("category-revenue.sql").toURI());
    }

    /**
     * Waits until the job {@code name}, submitted by {@code submission} as a user does, has run
     * to its end with every one of its operators (at least {@code operators}) logging, and
     * checks that the analysis of its logs reports hops and no violation.
     */
    private static void assertProfiled(CliRun submission, String name, int operators)
            throws Exception {
        assertEquals(0, submission.exitCode(), submission::output);
        String job = awaitFinished(name);
        Path node = nodeLogs();
        TopologyDescription topology = TopologyFile.read(node.resolve(TopologyFile.FILE_NAME));
        assertEquals(job, topology.run(), () -> "topology.json describes another job, "
                + topology.topologyName() + "; jobs: " + jobs() + "; logs: " + files(node));
        assertTrue(topology.components().size() >= operators, topology::toString);
        Path logs = Files.createDirectories(directory.resolve(name + "-logs")
                .resolve(node.getFileName()));
        Files.copy(node.resolve(TopologyFile.FILE_NAME), logs.resolve(TopologyFile.FILE_NAME));
        for (TopologyDescription.Component component : topology.components()) {
            Path channels = node.resolve(component.channelPrefix());
            long in = 0;
            for (Path file : files(channels)) {
                Path copy = logs.resolve(node.relativize(file));
                Files.createDirectories(copy.getParent());
                Files.copy(file, copy);
                if (file.getFileName().toString().startsWith("in.")) {
                    in += LogReader.scan(file).recordCount();
                }
            }
            assertTrue(in > 0, component.id() + " logged no record in " + channels);
        }

        Path out = directory.resolve(name + "-analysis");
        CliRun analyze = cli("analyze", "--logs", logs.getParent().toString(), "--out",
                out.toString());
        assertEquals(0, analyze.exitCode(), analyze::output);
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(0, summary.path("violations").size(), summary::toString);
        assertFalse(summary.path("hops").isEmpty(), summary::toString);
    }

    /**
     * Submits {@code mainClass} as the job {@code name} through the cluster's own Flink client
     * with {@code -t remote}, as a user opts a job out, and checks that its run logged nothing.
     */
    private static void assertNothingLogged(Class<?> mainClass, String name) throws Exception {
        assertNothingLoggedBy(name, () -> {
            ClusterProcess profiled = FlinkClient.submission(layout, jobJar,
                    mainClass.getName(), List.of(name, RECORDS));
            List<String> command = new ArrayList<>(profiled.command());
            command.addAll(command.indexOf("run") + 1, List.of("-t", "remote"));
            LocalCluster local = LocalCluster.open(cluster, repository());
            local.run(new ClusterProcess("flink-submit-" + name, profiled.node(), command,
                    profiled.environment(), profiled.readiness()), COMMAND_WAIT);
        });
    }

    /** What submits a job in a test. */
    @FunctionalInterface
    private interface Submission {
        void submit() throws Exception;
    }

    /**
     * Submits the job {@code name} unprofiled with {@code submission}, waits for its end and
     * checks that its run logged nothing.
     */
    private static void assertNothingLoggedBy(String name, Submission submission)
            throws Exception {
        Set<Path> before = files(layout.logDirectory(FlinkCluster.NAME)).stream()
                .collect(Collectors.toSet());
        submission.submit();
        String job = awaitFinished(name);

        assertEquals(before, files(layout.logDirectory(FlinkCluster.NAME)).stream()
                .collect(Collectors.toSet()), "files logged by a job submitted unprofiled");
        Path topology = nodeLogs().resolve(TopologyFile.FILE_NAME);
        if (Files.exists(topology)) {
            assertNotEquals(job, TopologyFile.read(topology).run());
        }
    }

    /** Waits until the job {@code name} has finished; returns its id. */
    private static String awaitFinished(String name) throws Exception {
        assertEquals("FINISHED", FlinkClient.awaitEnd(layout, name, JOB_WAIT));
        String overview = jobs();
        for (JsonNode job : JSON.readTree(overview).path("jobs")) {
            if (name.equals(job.path("name").asText())) {
                return job.path("jid").asText();
            }
        }
        throw new AssertionError("no job " + name + " in " + overview);
    }

    /** The REST API's {@code /jobs/overview}. */
    private static String jobs() {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(FlinkCluster.restUrl(layout)
                    + "/jobs/overview")).build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException | InterruptedException e) {
            return e.toString();
        }
    }

    /** The TaskManager's node log directory: the cluster's one worker. */
    private static Path nodeLogs() {
        return layout.logDirectory(FlinkCluster.NAME)
                .resolve(ClusterLayout.nodeId(layout.workers().get(0)));
    }

    private static List<Path> files(Path directory) {
        return ClusterTestFiles.filesUnder(directory);
    }

    private static CliRun cli(String... arguments) throws IOException {
        return CliRun.start(directory, arguments);
    }

    private static Path repository() {
        return CliRun.repository();
    }
}
