package org.cloudprofiler.cli.cluster;

import java.util.concurrent.Callable;

import org.cloudprofiler.cli.CloudProfilerCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code cluster down}: stops every process of the cluster and removes its nodes. */
@Command(name = "down", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Stop every process of the local cluster and remove its nodes; the"
                + " profiling logs stay.")
final class ClusterDownCommand implements Callable<Integer> {
    @Mixin
    ClusterOptions cluster;

    @Override
    public Integer call() throws Exception {
        if (ClusterState.read(cluster.directory).isEmpty()) {
            System.out.println("no cluster recorded in " + cluster.directory + ": nothing to stop");
            return 0;
        }
        LocalCluster local = LocalCluster.open(cluster.directory, cluster.repository());
        int processes = local.state().processes().size();
        String nodes = local.describeNodes();
        local.tearDown();
        System.out.println("stopped " + processes + " processes; removed " + nodes);
        System.out.println("profiling logs kept in " + local.layout().logDirectory());
        return 0;
    }
}
