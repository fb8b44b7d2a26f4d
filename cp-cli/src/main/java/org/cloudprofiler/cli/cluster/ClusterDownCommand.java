package org.cloudprofiler.cli.cluster;

import java.io.IOException;
import java.util.concurrent.Callable;

import org.cloudprofiler.cli.CloudProfilerCommand;
import org.cloudprofiler.cluster.ClusterState;
import org.cloudprofiler.cluster.LocalCluster;
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
        LocalCluster local;
        try {
            local = LocalCluster.open(cluster.directory, cluster.repository());
        } catch (IOException notWhole) {
            Throwable why = notWhole.getCause() != null ? notWhole.getCause() : notWhole;
            System.out.println("the nodes are not whole (" + why.getMessage() + "): removing"
                    + " what is left of them");
            LocalCluster.tearDownRemnants(cluster.directory);
            System.out.println("stopped what was recorded; removed what was left");
            return 0;
        }
        int processes = local.state().processes().size();
        String nodes = local.describeNodes();
        local.tearDown();
        System.out.println("stopped " + processes + " processes; removed " + nodes);
        System.out.println("profiling logs kept in " + local.layout().logDirectory());
        return 0;
    }
}
