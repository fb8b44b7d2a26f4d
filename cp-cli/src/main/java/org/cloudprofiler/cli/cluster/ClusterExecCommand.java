package org.cloudprofiler.cli.cluster;

import java.util.List;
import java.util.concurrent.Callable;

import org.cloudprofiler.cli.CloudProfilerCommand;
import org.cloudprofiler.cluster.LocalCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cluster exec}: runs a command on one node (in its namespace), with the node's profiling
 * environment ({@code CP_LOG_DIR} of an engine, {@code CP_NODE_ID}), e.g. the generator that
 * feeds a Storm topology, on node 0.
 */
@Command(name = "exec", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Run a command on one node of the local cluster, logging as that node;"
                + " exits with its exit code.")
final class ClusterExecCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--node", description = "The node (default: ${DEFAULT-VALUE}, the"
            + " generator's).")
    int node = 0;

    @Option(names = "--engine", description = "Log for this engine's runs: under"
            + " <dir>/logs/<engine> (default: ${DEFAULT-VALUE}).")
    String engine = "other";

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The command and its"
            + " arguments (after --).")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        if (!engine.matches("[a-z0-9][a-z0-9-]*")) {
            throw new ParameterException(spec.commandLine(), "--engine names a log directory:"
                    + " lower-case letters, digits and -, e.g. storm; not \"" + engine + "\"");
        }
        LocalCluster local = LocalCluster.open(cluster.directory, cluster.repository());
        if (node < 0 || node >= local.layout().nodes().size()) {
            throw new ParameterException(spec.commandLine(), "--node must be 0 to "
                    + (local.layout().nodes().size() - 1) + ", not " + node);
        }
        return local.exec(local.layout().nodes().get(node), engine, command);
    }
}
