package org.cloudprofiler.cli.cluster;

import java.util.Map;
import java.util.concurrent.Callable;

import org.cloudprofiler.cli.CloudProfilerCommand;
import org.cloudprofiler.cluster.ClusterEngine;
import org.cloudprofiler.cluster.ClusterEngines;
import org.cloudprofiler.cluster.ClusterState;
import org.cloudprofiler.cluster.ClusterState.RecordedProcess;
import org.cloudprofiler.cluster.LocalCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code cluster status}: which of the cluster's processes run, and where to reach them. */
@Command(name = "status", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Say which processes of the local cluster run and where to reach the"
                + " engines; exit code 1 if one is gone, 3 if no cluster is up.")
final class ClusterStatusCommand implements Callable<Integer> {
    @Mixin
    ClusterOptions cluster;

    @Override
    public Integer call() throws Exception {
        if (ClusterState.read(cluster.directory).isEmpty()) {
            System.out.println("no cluster recorded in " + cluster.directory);
            return 3;
        }
        LocalCluster local = LocalCluster.open(cluster.directory, cluster.repository());
        System.out.println("nodes: " + local.describeNodes());
        int gone = 0;
        for (RecordedProcess process : local.state().processes()) {
            boolean running = process.handle().isPresent();
            gone += running ? 0 : 1;
            System.out.printf("%-24s node %d  pid %-8d %s%n", process.name(), process.node(),
                    process.pid(), running ? "running" : "GONE (its log: "
                            + local.logFile(process.name()) + ")");
        }
        Map<String, ClusterEngine> known = ClusterEngines.byName();
        for (String engine : local.state().engines()) {
            ClusterEngine found = known.get(engine);
            if (found != null) {
                for (String line : found.addresses(local.layout())) {
                    System.out.println(engine + ": " + line);
                }
            }
        }
        if (gone > 0) {
            System.out.println(gone + " process(es) gone: 'cloudprofiler cluster down --dir "
                    + cluster.directory + "', then up again");
            return 1;
        }
        return 0;
    }
}
