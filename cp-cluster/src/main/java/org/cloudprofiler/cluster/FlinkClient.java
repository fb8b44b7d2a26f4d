package org.cloudprofiler.cluster;

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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.cloudprofiler.cluster.Polling.Observation;

/**
 * The client side of the local cluster's Flink ({@link FlinkCluster}): the process that submits
 * a job jar with Flink's own client, and the job's progress through the REST API (waiting until
 * it runs or ends, cancelling it), a job being found by the name it was submitted under.
 */
public final class FlinkClient {
    /** Flink's command-line client: what {@code bin/flink} runs. */
    static final String CLIENT_CLASS = "org.apache.flink.client.cli.CliFrontend";
    /** The states a job does not leave. */
    static final Set<String> TERMINAL_STATES = Set.of("FINISHED", "FAILED", "CANCELED");

    /** Flink's {@code execution.target}, and the profiler's target for it (docs/flink.md). */
    static final String TARGET_KEY = "execution.target";
    static final String PROFILING_TARGET = "cloudprofiler";

    private static final String CLIENT = "client";
    private static final Duration POLL = Duration.ofMillis(500);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(2)).build();

    private FlinkClient() {}

    /** Where the client's {@code config.yaml} is: what {@code FLINK_CONF_DIR} points at. */
    public static Path configDirectory(ClusterLayout layout) {
        return layout.directory().resolve(FlinkCluster.NAME).resolve(CLIENT);
    }

    /**
     * The process that submits {@code jar} detached ({@code flink run -d -c mainClass jar
     * arguments}) from the coordinator node and exits, with 0 once the JobManager has the job.
     * Run it to its end; its output says what went wrong otherwise.
     */
    public static ClusterProcess submission(ClusterLayout layout, Path jar, String mainClass,
            List<String> arguments) throws IOException {
        Path engine = layout.engineDirectory(FlinkCluster.NAME);
        Path directory = requireConfiguration(layout);
        List<String> run = new ArrayList<>(List.of("run", "-d", "-c", mainClass,
                jar.toAbsolutePath().toString()));
        run.addAll(arguments);
        return new ClusterProcess("flink-submit", layout.coordinator(),
                FlinkCluster.java(layout, configuration(layout),
                        engine.resolve(FlinkCluster.LOG_CONFIGURATION),
                        FlinkCluster.classpath(layout), CLIENT_CLASS, run),
                Map.of("FLINK_CONF_DIR", directory.toString()), Readiness.started());
    }

    /**
     * Writes the client's {@code config.yaml} to {@link #configDirectory}: what a Flink
     * distribution's {@code flink} needs ({@code FLINK_CONF_DIR}) to reach the cluster, and what
     * {@link #submission} submits with; with {@code profileEveryJob}, every job it submits is
     * profiled ({@code execution.target: cloudprofiler}).
     */
    static void writeConfiguration(ClusterLayout layout, boolean profileEveryJob)
            throws IOException {
        FlinkConfiguration config = FlinkCluster.withProfilerClasses(layout,
                configuration(layout));
        if (profileEveryJob) {
            config.set(TARGET_KEY, PROFILING_TARGET);
        }
        FlinkCluster.writeConfiguration(config, layout.engineDirectory(FlinkCluster.NAME),
                CLIENT);
    }

    /**
     * {@link #configDirectory}, where {@code cluster up} has written the client's configuration.
     *
     * @throws IOException naming the fix if it is not there
     */
    static Path requireConfiguration(ClusterLayout layout) throws IOException {
        Path directory = configDirectory(layout);
        if (!Files.isRegularFile(directory.resolve("config.yaml"))) {
            throw new IOException(directory.resolve("config.yaml") + " is missing: 'cluster up'"
                    + " writes the Flink client's configuration there; bring the cluster up"
                    + " again");
        }
        return directory;
    }

    /** A client of the cluster's REST API, with its JVM's heap. */
    static FlinkConfiguration configuration(ClusterLayout layout) {
        return FlinkConfiguration.client(layout.coordinator().ip(), FlinkCluster.restPort(layout));
    }

    /**
     * Waits until every task of the job {@code name} runs; returns its entry of
     * {@code /jobs/overview}.
     *
     * @throws IOException if the job ends first, naming its state
     * @throws TimeoutException if it does not run within {@code timeout}
     */
    public static JsonNode awaitRunning(ClusterLayout layout, String name, Duration timeout)
            throws IOException, InterruptedException, TimeoutException {
        return awaitRunning(FlinkCluster.restUrl(layout), name, timeout);
    }

    /** Waits until the job {@code name} has ended; returns its final state, e.g. FINISHED. */
    public static String awaitEnd(ClusterLayout layout, String name, Duration timeout)
            throws IOException, InterruptedException, TimeoutException {
        return awaitEnd(FlinkCluster.restUrl(layout), name, timeout);
    }

    /** Cancels the job {@code name} unless it has ended. */
    public static void cancel(ClusterLayout layout, String name)
            throws IOException, InterruptedException {
        cancel(FlinkCluster.restUrl(layout), name);
    }

    /** {@link #awaitRunning(ClusterLayout, String, Duration)} of the REST API at restUrl. */
    static JsonNode awaitRunning(String restUrl, String name, Duration timeout)
            throws IOException, InterruptedException, TimeoutException {
        JsonNode job = await(restUrl, name, FlinkClient::allTasksRunOrJobEnded, "run",
                timeout);
        if (TERMINAL_STATES.contains(job.path("state").asText())) {
            throw new IOException("Flink job " + name + " ended " + job.path("state").asText()
                    + " before it ran; see " + restUrl + "/#/job/completed/"
                    + job.path("jid").asText() + "/exceptions");
        }
        return job;
    }

    /** {@link #awaitEnd(ClusterLayout, String, Duration)} of the REST API at restUrl. */
    static String awaitEnd(String restUrl, String name, Duration timeout)
            throws IOException, InterruptedException, TimeoutException {
        return await(restUrl, name, job -> TERMINAL_STATES.contains(job.path("state").asText()),
                "ended", timeout).path("state").asText();
    }

    /** {@link #cancel(ClusterLayout, String)} of the REST API at restUrl. */
    static void cancel(String restUrl, String name) throws IOException, InterruptedException {
        Optional<JsonNode> job = job(get(restUrl, "/jobs/overview"), name);
        if (job.isEmpty() || TERMINAL_STATES.contains(job.get().path("state").asText())) {
            return;
        }
        String url = restUrl + "/jobs/" + job.get().path("jid").asText() + "?mode=cancel";
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url))
                .method("PATCH", HttpRequest.BodyPublishers.noBody())
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 202) {
            throw new IOException("cancelling Flink job " + name + " answered HTTP "
                    + response.statusCode() + " from " + url + ": " + response.body());
        }
    }

    /**
     * The most recently started job named {@code name} in a {@code /jobs/overview} answer, if
     * there is one (a name may be submitted more than once in a session).
     */
    static Optional<JsonNode> job(String overview, String name) throws IOException {
        JsonNode latest = null;
        for (JsonNode job : JSON.readTree(overview).path("jobs")) {
            if (name.equals(job.path("name").asText()) && (latest == null
                    || job.path("start-time").asLong() > latest.path("start-time").asLong())) {
                latest = job;
            }
        }
        return Optional.ofNullable(latest);
    }

    private static boolean allTasksRunOrJobEnded(JsonNode job) {
        JsonNode tasks = job.path("tasks");
        return TERMINAL_STATES.contains(job.path("state").asText())
                || "RUNNING".equals(job.path("state").asText())
                && tasks.path("running").asInt() == tasks.path("total").asInt();
    }

    private static JsonNode await(String restUrl, String name, Predicate<JsonNode> done,
            String what, Duration timeout)
            throws IOException, InterruptedException, TimeoutException {
        return Polling.await("Flink job " + name + " has not " + what, timeout, POLL, () -> {
            Optional<JsonNode> job = job(get(restUrl, "/jobs/overview"), name);
            if (job.isEmpty()) {
                return Observation.notYet(restUrl + ": no job named " + name);
            }
            return done.test(job.get()) ? Observation.found(job.get())
                    : Observation.notYet(restUrl + ": " + job.get());
        });
    }

    private static String get(String restUrl, String path)
            throws IOException, InterruptedException {
        String url = restUrl + path;
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode() + " from " + url + ": "
                    + response.body());
        }
        return response.body();
    }
}
