package org.cloudprofiler.cli;

import org.cloudprofiler.cli.cluster.ClusterCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The {@code cloudprofiler} command: entry point of the CLI and parent of its subcommands. */
@Command(
        name = "cloudprofiler",
        mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        subcommands = {AnalyzeCommand.class, CompareCommand.class, HandlerTourCommand.class,
                DoctorCommand.class, GenCommand.class, InspectCommand.class,
                MaxThroughputCommand.class, SyncServerCommand.class, SyncAgentCommand.class,
                ConfigServerCommand.class, ConfigCommand.class, ClusterCommand.class},
        description = "TSC-based latency profiling and high-throughput ingestion for Storm and"
                + " Flink.")
public final class CloudProfilerCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    /** Read by {@link ErrorReporter}; inherited, so set here whichever command it follows. */
    @Option(names = ErrorReporter.VERBOSE, scope = ScopeType.INHERIT,
            description = "On an error, print its stack trace too.")
    boolean verbose;

    public static void main(String[] args) {
        ConsoleText.install();
        System.exit(commandLine().setOut(ConsoleText.out()).setErr(ConsoleText.err())
                .execute(args));
    }

    /** The command line with every subcommand, reporting failures as {@link ErrorReporter}. */
    static CommandLine commandLine() {
        ErrorReporter reporter = new ErrorReporter();
        return new CommandLine(new CloudProfilerCommand()).setParameterExceptionHandler(reporter)
                .setExecutionExceptionHandler(reporter)
                // "--logs a --sink b" is an unknown option, not a third log directory.
                .setUnmatchedOptionsAllowedAsOptionParameters(false);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing a command: "
                + String.join(", ", spec.subcommands().keySet()));
    }

    /** The version Maven recorded in the jar; a build from an IDE has none. */
    public static final class Version implements CommandLine.IVersionProvider {

        private static final String POM_PROPERTIES =
                "/META-INF/maven/org.cloudprofiler/cp-cli/pom.properties";

        @Override
        public String[] getVersion() throws IOException {
            Properties properties = new Properties();
            try (InputStream in = CloudProfilerCommand.class.getResourceAsStream(POM_PROPERTIES)) {
                if (in != null) {
                    properties.load(in);
                }
            }
            return new String[] {
                "cloudprofiler " + properties.getProperty("version", "(development build)")
            };
        }
    }
}
