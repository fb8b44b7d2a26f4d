package org.cloudprofiler.cli.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import org.cloudprofiler.cli.CloudProfilerCommand;
import org.cloudprofiler.cluster.ClusterEngine;
import org.cloudprofiler.cluster.ClusterEngines;
import org.cloudprofiler.cluster.ClusterProcess;
import org.cloudprofiler.cluster.LocalCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cluster submit}: a user's topology or job jar to the cluster's Storm or Flink, through
 * the engine's own client from the same jars ({@code storm jar}, {@code flink run -d}).
 */
@Command(name = "submit", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Submit a topology jar to the local cluster's Storm or a job jar to its"
                + " Flink; returns once the engine has it.")
final class ClusterSubmitCommand implements Callable<Integer> {
    private static final Duration SUBMISSION_WAIT = Duration.ofMinutes(5);

    @Spec
    private CommandSpec spec;

    @Mixin
    ClusterOptions cluster;

    @Parameters(index = "0", paramLabel = "ENGINE", description = "storm or flink.")
    String engine;

    @Parameters(index = "1", paramLabel = "JAR", description = "The topology or job jar.")
    Path jar;

    @Parameters(index = "2", paramLabel = "CLASS", description = "Its main class, which"
            + " submits (StormSubmitter) or executes (the Flink environment).")
    String mainClass;

    @Parameters(index = "3..*", paramLabel = "ARGS", description = "The main class's arguments.")
    List<String> arguments = List.of();

    @Override
    public Integer call() throws Exception {
        Map<String, ClusterEngine> known = ClusterEngines.byName();
        if (!Files.isRegularFile(jar)) {
            throw new ParameterException(spec.commandLine(), "JAR " + jar + " is not a file");
        }
        LocalCluster local = LocalCluster.open(cluster.directory, cluster.repository());
        ClusterEngine chosen = known.get(engine);
        Optional<ClusterProcess> submission = chosen == null ? Optional.empty()
                : chosen.submission(local.layout(), jar, mainClass, arguments);
        if (submission.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "ENGINE: \"" + engine + "\" takes"
                    + " no jobs; give storm or flink");
        }
        if (!local.state().engines().contains(engine)) {
            throw new ParameterException(spec.commandLine(), "the cluster in "
                    + cluster.directory + " runs no " + engine + " (it runs "
                    + String.join(", ", local.state().engines()) + ")");
        }
        local.run(submission.get(), SUBMISSION_WAIT);
        System.out.print(Files.readString(local.logFile(submission.get().name())));
        System.out.println("submitted " + jar + " (" + mainClass + ") to " + engine
                + "; its profiling logs: " + local.layout().logDirectory(engine));
        return 0;
    }
}
