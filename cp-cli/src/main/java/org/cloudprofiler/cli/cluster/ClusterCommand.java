package org.cloudprofiler.cli.cluster;

import org.cloudprofiler.cli.CloudProfilerCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code cloudprofiler cluster}: the local multi-node cluster, and its subcommands. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = {"A Storm, Flink and Kafka cluster of several nodes on this machine:"
                + " network namespaces joined by a bridge when run as root, processes on the"
                + " loopback otherwise; every engine from the build's Maven jars"
                + " (docs/cluster.md).",
            "",
            "  cloudprofiler cluster up                  # 3 nodes, every engine",
            "  cloudprofiler cluster sync --around '...' # clock sync around a run",
            "  cloudprofiler cluster sql script.sql      # a SQL script on its Flink",
            "  cloudprofiler cluster down"},
        subcommands = {ClusterUpCommand.class, ClusterStatusCommand.class,
                ClusterExecCommand.class, ClusterSubmitCommand.class, ClusterSqlCommand.class,
                ClusterSyncCommand.class, ClusterDownCommand.class})
public final class ClusterCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "say what to do: up, status, exec, submit, sql, sync or down (cloudprofiler cluster"
                        + " --help)");
    }
}
