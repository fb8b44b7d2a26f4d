package org.cloudprofiler.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.cloudprofiler.netns.NetworkNode;

/**
 * A Flink standalone session cluster from the Maven jars ({@code engines/flink}): the
 * JobManager, with the REST API and web UI, on the coordinator node, and a TaskManager of
 * {@value #SLOTS_PER_TASK_MANAGER} slots on every worker node, each logging as its node. Every
 * process reads its own {@code config.yaml} under {@code <cluster>/flink/<process>/} and binds
 * its node's address only. Jobs are submitted with {@link FlinkClient}. Where the profiler's
 * Flink jar is built ({@code cp-flink/target/cloudprofiler-flink.jar}) every process has it on
 * its class path, as a Flink distribution's {@code lib/} would, and loads the profiler's classes
 * from there only; a cluster made by {@link #profilingEveryJob()} profiles every job submitted
 * to it ({@code execution.target: cloudprofiler} in its client's configuration, docs/flink.md).
 */
public final class FlinkCluster implements ClusterEngine {
    /** The engine's name, and its directory in the cluster's and in the checkout. */
    public static final String NAME = "flink";
    /** Slots per TaskManager; the JobManager spreads a job's slots evenly over them. */
    static final int SLOTS_PER_TASK_MANAGER = 2;
    /** The REST API and web UI, on the coordinator node. */
    static final int REST_PORT = 8081;
    /**
     * Base ports ({@link NetworkNode#port}): on the loopback a worker's port is its base plus
     * the node's index, so the bases of what workers bind are a hundred apart (at most 99
     * nodes); the JobManager's bind only on node 0.
     */
    static final int JOB_MANAGER_RPC_PORT = 6123;
    static final int BLOB_SERVER_PORT = 6124;
    static final int TASK_MANAGER_RPC_PORT = 6200;
    static final int TASK_MANAGER_DATA_PORT = 6300;
    static final int METRICS_QUERY_PORT = 6400;

    static final String JOB_MANAGER_CLASS =
            "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint";
    static final String TASK_MANAGER_CLASS =
            "org.apache.flink.runtime.taskexecutor.TaskManagerRunner";
    static final String LOG_CONFIGURATION = "log4j-console.properties";

    /** The profiler as a Flink cluster's {@code lib/} takes it, where the build leaves it. */
    static final Path PROFILER_JAR = Path.of("cp-flink", "target", "cloudprofiler-flink.jar");
    /**
     * Every job loads the profiler's classes from the cluster's class path, also one whose jar
     * bundles a copy: one copy per JVM, one native library.
     */
    static final String PARENT_FIRST_KEY = "classloader.parent-first-patterns.additional";
    static final String PARENT_FIRST_PROFILER = "org.cloudprofiler.";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final boolean profileEveryJob;

    /** A cluster that profiles the jobs that ask for it ({@code flink run -t cloudprofiler}). */
    public FlinkCluster() {
        this(false);
    }

    private FlinkCluster(boolean profileEveryJob) {
        this.profileEveryJob = profileEveryJob;
    }

    /**
     * A cluster whose client submits every job through {@code execution.target: cloudprofiler}:
     * {@code cluster submit}, {@code flink run} with its {@code FLINK_CONF_DIR}; a job opts out
     * with {@code flink run -t remote}.
     */
    public static FlinkCluster profilingEveryJob() {
        return new FlinkCluster(true);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ClusterProcess> processes(ClusterLayout layout) throws IOException {
        Path engine = layout.engineDirectory(NAME);
        writeLogConfiguration(engine);
        if (profileEveryJob) {
            profilerJar(layout);
        }
        FlinkClient.writeConfiguration(layout, profileEveryJob);
        NetworkNode coordinator = layout.coordinator();
        String jobManagerHost = coordinator.ip();
        int jobManagerRpcPort = coordinator.port(JOB_MANAGER_RPC_PORT);

        List<ClusterProcess> processes = new ArrayList<>();
        String jobManager = "flink-jobmanager";
        FlinkConfiguration jobManagerConfig = FlinkConfiguration.jobManager(jobManagerHost,
                jobManagerRpcPort, coordinator.port(BLOB_SERVER_PORT), restPort(layout));
        processes.add(new ClusterProcess(jobManager, coordinator,
                daemon(layout, coordinator, jobManagerConfig, engine, jobManager,
                        JOB_MANAGER_CLASS),
                Map.of(), Readiness.http(restUrl(layout) + "/overview",
                        "the Flink JobManager's REST API", body -> true)));

        for (NetworkNode worker : layout.workers()) {
            String taskManager = "flink-taskmanager-" + worker.index();
            FlinkConfiguration config = FlinkConfiguration.taskManager(taskManager, worker.ip(),
                    worker.port(TASK_MANAGER_RPC_PORT), worker.port(TASK_MANAGER_DATA_PORT),
                    jobManagerHost, jobManagerRpcPort, SLOTS_PER_TASK_MANAGER);
            processes.add(new ClusterProcess(taskManager, worker,
                    daemon(layout, worker, config, engine, taskManager, TASK_MANAGER_CLASS),
                    layout.profilingEnvironment(worker, NAME),
                    Readiness.http(restUrl(layout) + "/taskmanagers",
                            taskManager + " registered with the Flink JobManager",
                            body -> listsTaskManager(body, taskManager))));
        }
        return processes;
    }

    @Override
    public Optional<ClusterProcess> submission(ClusterLayout layout, Path jar, String mainClass,
            List<String> arguments) throws IOException {
        return Optional.of(FlinkClient.submission(layout, jar, mainClass, arguments));
    }

    @Override
    public List<String> addresses(ClusterLayout layout) {
        List<String> addresses = new ArrayList<>(List.of(
                "Flink web UI and REST API: " + restUrl(layout),
                "Flink TaskManagers: " + layout.workers().size() + " x "
                        + SLOTS_PER_TASK_MANAGER + " slots, on " + layout.workers(),
                "submit a Flink job: cloudprofiler cluster submit flink JAR CLASS [ARGS...]"
                        + " (or FLINK_CONF_DIR=" + FlinkClient.configDirectory(layout)
                        + " flink run -d -c CLASS JAR [ARGS...])"));
        if (profileEveryJob) {
            addresses.add("every Flink job submitted is profiled (execution.target:"
                    + " cloudprofiler); one submitted with 'flink run -t remote' is not");
        }
        return addresses;
    }

    /** A JobManager's or TaskManager's command, its configuration written. */
    private static List<String> daemon(ClusterLayout layout, NetworkNode node,
            FlinkConfiguration config, Path engine, String process, String mainClass)
            throws IOException {
        // Every port a process binds is its node's: not even the metrics service picks one.
        config.set("metrics.internal.query-service.port", node.port(METRICS_QUERY_PORT));
        withProfilerClasses(layout, config);
        Path directory = writeConfiguration(config, engine, process);
        return java(layout, config, engine.resolve(LOG_CONFIGURATION), classpath(layout),
                mainClass, List.of("--configDir", directory.toString()));
    }

    /** The REST API's port on the coordinator node. */
    static int restPort(ClusterLayout layout) {
        return layout.coordinator().port(REST_PORT);
    }

    /** The REST API and web UI, e.g. {@code http://10.23.0.2:8081}. */
    public static String restUrl(ClusterLayout layout) {
        return "http://" + layout.coordinator().ip() + ":" + restPort(layout);
    }

    /**
     * Writes {@code config} (with the process's temporary directory) to
     * {@code <engine>/<process>/config.yaml}; returns that directory.
     */
    static Path writeConfiguration(FlinkConfiguration config, Path engine, String process)
            throws IOException {
        Path directory = engine.resolve(process);
        Path temporary = Files.createDirectories(directory.resolve("tmp"));
        return config.set("io.tmp.dirs", temporary).write(directory);
    }

    /**
     * {@code java} with the options Flink needs, the memory limits of {@code config}, the Log4j
     * configuration {@code logConfiguration} and the jars of {@code classpath} ({@link
     * #classpath}, or more for a client), running {@code mainClass} with {@code arguments}: the
     * cluster's processes and its clients.
     */
    static List<String> java(ClusterLayout layout, FlinkConfiguration config,
            Path logConfiguration, String classpath, String mainClass, List<String> arguments)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(layout.javaBinary().toString());
        command.addAll(jvmOptions(layout));
        command.addAll(config.jvmOptions());
        command.add("-Dlog4j.configurationFile=" + logConfiguration);
        command.addAll(List.of("-cp", classpath, mainClass));
        command.addAll(arguments);
        return command;
    }

    /** Flink's jars, and the profiler's where it is built. */
    static String classpath(ClusterLayout layout) throws IOException {
        Path profiler = layout.repository().resolve(PROFILER_JAR);
        return layout.engineClasspath(NAME)
                + (Files.isRegularFile(profiler) ? File.pathSeparator + profiler : "");
    }

    /**
     * The profiler's jar, which a cluster that profiles every job cannot do without.
     *
     * @throws IOException naming the fix if it is not built
     */
    static Path profilerJar(ClusterLayout layout) throws IOException {
        Path jar = layout.repository().resolve(PROFILER_JAR);
        if (!Files.isRegularFile(jar)) {
            throw new IOException(jar + " is missing: the profiler's Flink jar is built there;"
                    + " run 'make build' in " + layout.repository());
        }
        return jar;
    }

    /** Makes the processes of {@code config} load the profiler's classes from the class path. */
    static FlinkConfiguration withProfilerClasses(ClusterLayout layout, FlinkConfiguration config) {
        if (Files.isRegularFile(layout.repository().resolve(PROFILER_JAR))) {
            config.set(PARENT_FIRST_KEY, PARENT_FIRST_PROFILER);
        }
        return config;
    }

    /**
     * The JVM options Flink needs on Java 17 (the packages its serializers open), written by the
     * build from the root pom's {@code flink.jvm.opens}.
     */
    static List<String> jvmOptions(ClusterLayout layout) throws IOException {
        Path file = layout.repository().resolve("engines").resolve(NAME).resolve("target")
                .resolve("jvm-options.txt");
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " is missing: the JVM options Flink needs are written"
                    + " there by the build; run 'make build' in " + layout.repository());
        }
        return Arrays.stream(Files.readString(file).strip().split("\\s+"))
                .filter(option -> !option.isEmpty()).toList();
    }

    /** Log4j 2 to the console, which the process's log file takes, at Flink's usual levels. */
    private static void writeLogConfiguration(Path engine) throws IOException {
        Files.writeString(engine.resolve(LOG_CONFIGURATION), String.join("\n",
                "rootLogger.level = INFO",
                "rootLogger.appenderRef.console.ref = console",
                "appender.console.name = console",
                "appender.console.type = Console",
                "appender.console.layout.type = PatternLayout",
                "appender.console.layout.pattern = %d{yyyy-MM-dd HH:mm:ss,SSS} %-5p %c - %m%n",
                // Flink's own configuration quietens these chatty libraries the same way.
                "logger.pekko.name = org.apache.pekko",
                "logger.pekko.level = WARN",
                "logger.netty.name = org.apache.flink.shaded.netty4.io.netty",
                "logger.netty.level = WARN",
                "logger.zookeeper.name = org.apache.zookeeper",
                "logger.zookeeper.level = WARN",
                ""));
    }

    /** Whether the REST API's {@code /taskmanagers} answer lists {@code resourceId}. */
    static boolean listsTaskManager(String body, String resourceId) {
        try {
            for (JsonNode taskManager : JSON.readTree(body).path("taskmanagers")) {
                if (resourceId.equals(taskManager.path("id").asText())) {
                    return true;
                }
            }
        } catch (IOException notJson) {
            // Not the answer of a JobManager that is up: not listed yet.
        }
        return false;
    }
}
