package org.cloudprofiler.cli.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import org.cloudprofiler.cli.CloudProfilerCommand;
import org.cloudprofiler.cluster.FlinkCluster;
import org.cloudprofiler.cluster.FlinkSqlClient;
import org.cloudprofiler.cluster.LocalCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cluster sql}: a SQL script run on the cluster's Flink through Flink's own SQL client
 * ({@code sql-client.sh -f}), with the cluster's client configuration: on a cluster brought up
 * with {@code --profile}, every job the script submits is profiled.
 */
@Command(name = "sql", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = {"Run a SQL script on the local cluster's Flink with Flink's SQL client"
                + " (sql-client.sh -f FILE); returns once its INSERTs are submitted. On a"
                + " cluster up with --profile, every job it submits is profiled.",
            "",
            "  cloudprofiler cluster sql revenue.sql",
            "  cloudprofiler cluster sql -D execution.target=remote revenue.sql  # unprofiled"})
final class ClusterSqlCommand implements Callable<Integer> {
    private static final Duration SCRIPT_WAIT = Duration.ofMinutes(5);

    @Spec
    private CommandSpec spec;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "-D", paramLabel = "KEY=VALUE", description = "A key of the script's"
            + " session, as the SQL client's -D or a SET statement sets it: e.g."
            + " pipeline.name=revenue, or execution.target=remote to run it unprofiled.")
    Map<String, String> settings = new LinkedHashMap<>();

    @Parameters(index = "0", paramLabel = "FILE", description = "The SQL script: statements"
            + " ending in ';', as sql-client.sh -f takes them.")
    Path script;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(script)) {
            throw new ParameterException(spec.commandLine(), "FILE " + script + " is not a"
                    + " file");
        }
        LocalCluster local = LocalCluster.open(cluster.directory, cluster.repository());
        FlinkSqlClient.ScriptRun run = FlinkSqlClient.run(local, script, settings, SCRIPT_WAIT);
        System.out.print(run.output());
        System.out.println("ran " + script + " on flink: " + run.jobIds().size() + " job(s)"
                + " submitted" + (run.jobIds().isEmpty() ? "" : " (" + String.join(", ",
                        run.jobIds()) + ")") + "; their profiling logs: "
                + local.layout().logDirectory(FlinkCluster.NAME));
        return 0;
    }
}
