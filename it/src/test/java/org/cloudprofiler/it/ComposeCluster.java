package org.cloudprofiler.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

import org.cloudprofiler.cluster.Polling;
import org.cloudprofiler.cluster.Polling.Observation;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.ComposeContainer;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.ContainerState;
import org.testcontainers.containers.wait.strategy.Wait;

/**
 * docker/compose.yaml started through Testcontainers, and what a suite does with it: run
 * commands in its services, copy files in, wait for the run's traces on the log volume, end the
 * sync session and analyse one engine's logs. The compose file's own paths and names are used,
 * so a suite exercises the worked example of docs/cluster.md as a user would. Not thread-safe:
 * one suite drives it.
 */
final class ComposeCluster implements AutoCloseable {
    /** The log volume's mount point in every node. */
    static final String LOGS = "/cloudprofiler-logs";
    /** A guard against a hang only: how long a step may take before the suite gives up. */
    static final Duration STEP = Duration.ofMinutes(5);
    private static final Duration POLL = Duration.ofSeconds(2);

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ComposeContainer compose;

    private ComposeCluster(ComposeContainer compose) {
        this.compose = compose;
    }

    /**
     * Builds the cloudprofiler image, starts every service and waits until the sync server has
     * its five agents and has taken the start phase. The images are those that
     * {@code cloudprofiler.it.compose.env} names (make images' {@code compose.env}) where that
     * file exists, else the compose file's defaults; none is pulled.
     */
    static ComposeCluster start() throws IOException {
        File file = new File(System.getProperty("cloudprofiler.it.compose",
                "../docker/compose.yaml"));
        // Named cloudprofiler-<random>: Docker's containers and networks are the machine's.
        ComposeContainer compose = new ComposeContainer("cloudprofiler-", file).withBuild(true)
                .withPull(false)
                .withEnv(imageVariables())
                .withRemoveVolumes(true)
                .waitingFor("sync-server", Wait.forLogMessage(".*run in progress.*", 1)
                        .withStartupTimeout(STEP));
        compose.start();
        return new ComposeCluster(compose);
    }

    /**
     * The variables of {@code cloudprofiler.it.compose.env} ({@code NAME=value} lines, comments
     * skipped), none where the property or the file is missing; and the UIs' host ports.
     */
    private static Map<String, String> imageVariables() throws IOException {
        String envFile = System.getProperty("cloudprofiler.it.compose.env");
        Map<String, String> variables = new TreeMap<>();
        // The UIs on ports Docker picks: the suite does not use them, and 8080 or 8081 may be
        // taken on the host that runs it.
        variables.put("STORM_UI_PORT", "0");
        variables.put("FLINK_UI_PORT", "0");
        if (envFile == null || !Files.isRegularFile(Path.of(envFile))) {
            return variables;
        }
        for (String line : Files.readAllLines(Path.of(envFile))) {
            int equals = line.indexOf('=');
            if (!line.startsWith("#") && equals > 0) {
                variables.put(line.substring(0, equals).strip(),
                        line.substring(equals + 1).strip());
            }
        }
        return variables;
    }

    /** The jar the submissions run from, built by this module ({@code ysb-cluster.jar}). */
    static Path submissionJar() {
        return Path.of(System.getProperty("cloudprofiler.it.jar", "target/ysb-cluster.jar"));
    }

    ContainerState service(String name) {
        return compose.getContainerByServiceName(name).orElseThrow(() ->
                new IllegalStateException("docker/compose.yaml has no running " + name));
    }

    /** Runs {@code command} in {@code service}; fails the suite unless it exits with 0. */
    String exec(String service, String... command) throws IOException, InterruptedException {
        ExecResult result = service(service).execInContainer(command);
        assertEquals(0, result.getExitCode(), () -> String.join(" ", command) + " in "
                + service + " failed:\n" + result.getStdout() + result.getStderr());
        return result.getStdout();
    }

    /**
     * Copies {@code file} into {@code directory} of {@code service} under its own name with
     * {@code docker cp}, as docs/cluster.md does (Testcontainers' copyFileToContainer left no
     * file there with Docker 20.10, and docker-java's own tar needs a newer commons-io than the
     * engines put on this class path); fails the suite unless the file is there.
     */
    void copy(Path file, String service, String directory)
            throws IOException, InterruptedException {
        Process copy = new ProcessBuilder("docker", "cp", file.toAbsolutePath().toString(),
                service(service).getContainerId() + ":" + directory)
                .redirectErrorStream(true).start();
        String output = new String(copy.getInputStream().readAllBytes());
        assertEquals(0, copy.waitFor(), () -> "docker cp " + file + " to " + service
                + " failed: " + output);
        exec(service, "test", "-f", directory + "/" + file.getFileName());
    }

    /**
     * Where each task of {@code component} runs, in task order, from the topology.json files
     * under {@code engineLogs} (one per node that ran some of the job); waits until every task
     * has a host.
     */
    List<String> taskHosts(String engineLogs, String component) throws Exception {
        return await("every task of " + component + " placed in " + engineLogs, () -> {
            Map<Long, String> hostOfTask = new TreeMap<>();
            int tasks = -1;
            for (JsonNode topology : topologies(engineLogs)) {
                for (JsonNode task : topology.path("tasks")) {
                    if (component.equals(task.path("component").asText())
                            && task.hasNonNull("host")) {
                        hostOfTask.put(task.path("id").asLong(), task.path("host").asText());
                    }
                }
                for (JsonNode described : topology.path("components")) {
                    if (component.equals(described.path("id").asText())) {
                        tasks = described.path("tasks").size();
                    }
                }
            }
            return tasks > 0 && hostOfTask.size() == tasks
                    ? new ArrayList<>(hostOfTask.values()) : null;
        });
    }

    private List<JsonNode> topologies(String engineLogs) throws Exception {
        String files = exec("generator", "find", engineLogs, "-mindepth", "2", "-maxdepth", "2",
                "-name", "topology.json");
        List<JsonNode> topologies = new ArrayList<>();
        for (String file : files.lines().filter(line -> !line.isBlank()).sorted().toList()) {
            topologies.add(JSON.readTree(exec("generator", "cat", file)));
        }
        return topologies;
    }

    /** The files named {@code name} under {@code directory}, on the log volume. */
    List<String> find(String directory, String name) throws Exception {
        return exec("generator", "find", directory, "-name", name).lines()
                .filter(line -> !line.isBlank()).sorted(Comparator.naturalOrder()).toList();
    }

    /**
     * Runs the generator in its node with the built-in YSB events of {@code seed}, logging its
     * sends under {@code engineLogs}; fails the suite if it dropped anything.
     */
    void generate(String engineLogs, long seed, List<String> endpoints) throws Exception {
        List<String> command = new ArrayList<>(Arrays.asList("env", "CP_LOG_DIR=" + engineLogs,
                "cloudprofiler", "gen", "--payload", "ysb", "--seed", Long.toString(seed),
                "--rate", "5000", "--duration", "10s", "--log-sends",
                "--connect-timeout", "120s", "--marker-timeout", "120s"));
        endpoints.forEach(endpoint -> command.addAll(List.of("--endpoint", endpoint)));
        exec("generator", command.toArray(String[]::new));
    }

    /**
     * Ends the sync session as docs/cluster.md does: SIGTERM to the server, which takes the end
     * phase and completes sync.json before it exits.
     */
    void endSyncSession() {
        String server = service("sync-server").getContainerId();
        DockerClient docker = DockerClientFactory.instance().client();
        docker.stopContainerCmd(server).withTimeout((int) STEP.toSeconds()).exec();
        // 0: every pair measured in every phase; 2: some were not (the server says which).
        assertEquals(0L, docker.inspectContainerCmd(server).exec().getState().getExitCodeLong(),
                () -> "the sync server's session had problems:\n"
                        + service("sync-server").getLogs());
    }

    /** `cloudprofiler analyze` of one engine's logs with sync.json: its summary.json. */
    JsonNode analyze(String engineLogs) throws Exception {
        String out = engineLogs + "-report";
        exec("generator", "cloudprofiler", "analyze", "--logs", engineLogs, "--sync",
                LOGS + "/sync.json", "--out", out);
        return JSON.readTree(exec("generator", "cat", out + "/summary.json"));
    }

    /** Polls {@code probe} until it returns non-null, for at most {@link #STEP}. */
    static <T> T await(String what, Callable<T> probe) throws Exception {
        return Polling.await("did not see " + what, STEP, POLL,
                () -> Observation.ofNullable(probe.call()));
    }

    @Override
    public void close() {
        compose.stop();
    }
}
