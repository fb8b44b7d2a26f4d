package org.cloudprofiler.cluster;

import java.io.File;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flink's own SQL client on the local cluster's Flink: a SQL script run as {@code sql-client.sh
 * -f FILE} runs it, in embedded mode (the client starts a SQL Gateway inside its own process),
 * from the coordinator node, with the cluster's client configuration ({@link
 * FlinkClient#configDirectory}), so that a cluster brought up with {@code --profile} profiles
 * every job the script submits ({@code execution.target: cloudprofiler}). The client returns
 * once each {@code INSERT} is submitted ({@code table.dml-sync} is off by default).
 *
 * <p>The SQL client stops at a script's first failing statement but exits with 0 all the same;
 * its output is the only place that says so, in the {@code [ERROR]} line it prints, which
 * {@link #outcome} turns into an exception.
 */
public final class FlinkSqlClient {
    /** The name of the client's process in the cluster, and of its log file. */
    public static final String PROCESS = "flink-sql";
    /** What {@code bin/sql-client.sh} runs. */
    static final String CLIENT_CLASS = "org.apache.flink.table.client.SqlClient";
    /** The client's own Log4j configuration: its logs to a file, its terminal output alone. */
    static final String LOG_CONFIGURATION = "log4j-sql-client.properties";
    static final String LOG_FILE = "sql-client.log";
    static final String HISTORY_FILE = "sql-history";
    /** JLine's switch (the SQL client's terminal library) for a terminal without a console. */
    static final String DUMB_TERMINAL = "-Dorg.jline.terminal.dumb=true";
    /** Where the build lists the SQL client's jars, under {@code engines/flink/target}. */
    static final String CLASSPATH_FILE = "sql-client-classpath.txt";

    private static final Pattern ANSI_ESCAPE = Pattern.compile("\u001B\\[[0-9;]*[A-Za-z]");
    private static final Pattern JOB_ID = Pattern.compile("^Job ID: ([0-9a-f]{32})\\s*$",
            Pattern.MULTILINE);
    private static final String ERROR = "[ERROR] ";
    /** A Java exception's class name ahead of its message, e.g. "org.a.b.ValidationException: ". */
    private static final Pattern EXCEPTION_CLASS = Pattern.compile(
            "^(?:[a-z][\\w$]*\\.)+([A-Z][\\w$]*(?:Exception|Error)): ");
    private static final Duration JOB_MANAGER_ANSWER = Duration.ofSeconds(5);
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(JOB_MANAGER_ANSWER).build();

    private FlinkSqlClient() {}

    /**
     * What a script's run printed and submitted.
     *
     * @param output the SQL client's terminal output, its escape sequences removed
     * @param jobIds the ids of the jobs it submitted, in order
     */
    public record ScriptRun(String output, List<String> jobIds) {
        public ScriptRun {
            jobIds = List.copyOf(jobIds);
        }
    }

    /**
     * Runs {@code script} on the Flink of the cluster {@code local} with the SQL client, with
     * {@code settings} for its session (the client's {@code -D key=value}, e.g. {@code
     * execution.target=remote} to submit unprofiled on a cluster that profiles every job).
     *
     * @throws IOException with one line naming the fix: no such script, no Flink in the
     *     cluster, a JobManager that does not answer, a statement of the script that failed
     */
    public static ScriptRun run(LocalCluster local, Path script, Map<String, String> settings,
            Duration timeout) throws IOException, InterruptedException {
        if (!Files.isRegularFile(script)) {
            throw new IOException("the SQL script " + script + " is not a file");
        }
        ClusterLayout layout = local.layout();
        if (!local.state().engines().contains(FlinkCluster.NAME)) {
            throw new IOException("the cluster in " + layout.directory() + " runs no flink (it"
                    + " runs " + String.join(", ", local.state().engines()) + "): bring one up"
                    + " with Flink, 'cloudprofiler cluster up --engines flink'");
        }
        requireJobManager(layout);
        ClusterProcess client = process(layout, script, settings);
        local.run(client, timeout);
        Path log = local.logFile(client.name());
        return outcome(Files.readString(log), script, log);
    }

    /**
     * The SQL client's process that runs {@code script} from the coordinator node with the
     * cluster's client configuration and {@code settings} for its session.
     */
    static ClusterProcess process(ClusterLayout layout, Path script, Map<String, String> settings)
            throws IOException {
        Path engine = layout.engineDirectory(FlinkCluster.NAME);
        Path configuration = FlinkClient.requireConfiguration(layout);
        Path logConfiguration = writeLogConfiguration(configuration);
        List<String> arguments = new ArrayList<>(List.of("embedded",
                "-f", script.toAbsolutePath().toString(),
                // Not the user's ~/.flink-sql-history: the cluster's directory keeps it.
                "-hist", configuration.resolve(HISTORY_FILE).toString()));
        settings.forEach((key, value) -> arguments.add("-D" + key + "=" + value));
        List<String> command = new ArrayList<>(FlinkCluster.java(layout,
                FlinkClient.configuration(layout), logConfiguration,
                FlinkCluster.classpath(layout) + File.pathSeparator + classpath(layout),
                CLIENT_CLASS, arguments));
        // Its output is a file, never a terminal: JLine falls back to a dumb terminal as it
        // would anyway, without a warning in the output first.
        command.add(1, DUMB_TERMINAL);
        return new ClusterProcess(PROCESS, layout.coordinator(), command,
                Map.of("FLINK_CONF_DIR", configuration.toString()), Readiness.started());
    }

    /**
     * The jars the SQL client adds to Flink's, as {@code sql-client.sh} adds them from the
     * distribution's {@code opt/}: listed by the build in {@value #CLASSPATH_FILE}.
     *
     * @throws IOException naming the fix if the list is missing
     */
    private static String classpath(ClusterLayout layout) throws IOException {
        Path file = layout.repository().resolve("engines").resolve(FlinkCluster.NAME)
                .resolve("target").resolve(CLASSPATH_FILE);
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " is missing: the SQL client's jars are listed there by"
                    + " the build; run 'make build' in " + layout.repository());
        }
        return Files.readString(file).strip();
    }

    /**
     * The run the client's {@code output} describes.
     *
     * @throws IOException naming the failed statement's reason if the output has an
     *     {@code [ERROR]}
     */
    static ScriptRun outcome(String output, Path script, Path log) throws IOException {
        String text = ANSI_ESCAPE.matcher(output).replaceAll("");
        Optional<String> error = error(text);
        if (error.isPresent()) {
            throw new IOException("the SQL script " + script + " failed: " + error.get()
                    + " (the SQL client's output: " + log + ")");
        }
        List<String> jobIds = new ArrayList<>();
        Matcher jobId = JOB_ID.matcher(text);
        while (jobId.find()) {
            jobIds.add(jobId.group(1));
        }
        return new ScriptRun(text, jobIds);
    }

    /**
     * The first error the client printed: its reason (the line after "... Reason:") without
     * the exception's package, else the error line itself.
     */
    private static Optional<String> error(String text) {
        List<String> lines = text.lines().map(String::strip).toList();
        for (int i = 0; i < lines.size(); i++) {
            // The client prints it right after the statement it echoes, on the same line.
            int at = lines.get(i).indexOf(ERROR);
            if (at < 0) {
                continue;
            }
            String message = lines.get(i).substring(at + ERROR.length());
            if (message.endsWith("Reason:") && i + 1 < lines.size()) {
                String reason = lines.get(i + 1);
                Matcher named = EXCEPTION_CLASS.matcher(reason);
                return Optional.of(named.lookingAt()
                        ? named.group(1) + ": " + reason.substring(named.end()) : reason);
            }
            return Optional.of(message);
        }
        return Optional.empty();
    }

    /**
     * Refuses a cluster whose JobManager does not answer: the SQL client would otherwise retry
     * its first submission for minutes before it said so.
     */
    private static void requireJobManager(ClusterLayout layout)
            throws IOException, InterruptedException {
        String url = FlinkCluster.restUrl(layout) + "/overview";
        String problem;
        try {
            HttpResponse<Void> answer = HTTP.send(HttpRequest.newBuilder(URI.create(url))
                    .timeout(JOB_MANAGER_ANSWER).build(), HttpResponse.BodyHandlers.discarding());
            if (answer.statusCode() == 200) {
                return;
            }
            problem = "HTTP " + answer.statusCode();
        } catch (IOException unreachable) {
            problem = unreachable.getClass().getSimpleName();
        }
        throw new IOException("the Flink JobManager of the cluster in " + layout.directory()
                + " does not answer at " + url + " (" + problem + "): see 'cloudprofiler cluster"
                + " status --dir " + layout.directory() + "', or bring the cluster down and up"
                + " again");
    }

    /**
     * Writes the client's Log4j configuration into its configuration directory: its logs go to
     * {@value #LOG_FILE} there, as {@code sql-client.sh} sends them to a file, so that its
     * output is what its terminal would show. Written on every run, so that a cluster brought
     * up before the SQL client was part of it has it too.
     */
    private static Path writeLogConfiguration(Path directory) throws IOException {
        Path file = directory.resolve(LOG_CONFIGURATION);
        Files.writeString(file, String.join("\n",
                "rootLogger.level = INFO",
                "rootLogger.appenderRef.file.ref = file",
                "appender.file.name = file",
                "appender.file.type = File",
                "appender.file.append = true",
                "appender.file.fileName = " + directory.resolve(LOG_FILE),
                "appender.file.layout.type = PatternLayout",
                "appender.file.layout.pattern = %d{yyyy-MM-dd HH:mm:ss,SSS} %-5p %c - %m%n",
                ""));
        return file;
    }
}
