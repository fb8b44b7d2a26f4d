package org.cloudprofiler.it;

import java.nio.file.Path;
import java.time.Duration;

import org.cloudprofiler.cluster.LocalCluster;

/**
 * What a YSB run on the local cluster needs of one engine: how its submission is made, where
 * its source's receivers listen, and when its run is over with every channel flushed.
 */
interface ClusterYsbEngine {
    /** The engine's name in the cluster: its log directory, its processes. */
    String name();

    /** Submits the profiled YSB as {@code jobName}, joining against {@code campaigns}. */
    void submit(LocalCluster cluster, Path jar, String jobName, Path campaigns) throws Exception;

    /** The port of the receiver of source task {@code task} (in task order, from 0). */
    int receiverPort(int task);

    /** Returns once the run has ended and every profiled task has closed its channels. */
    void awaitEnd(LocalCluster cluster, String jobName, Duration wait) throws Exception;

    /** Stops the job {@code jobName} if it still runs: a run that failed leaves nothing. */
    void cancel(LocalCluster cluster, String jobName) throws Exception;

    /** The engine named {@code name} ("storm", "flink"), or null. */
    static ClusterYsbEngine named(String name) {
        return switch (name) {
            case "storm" -> new StormYsbOnCluster();
            case "flink" -> new FlinkYsbOnCluster();
            default -> null;
        };
    }
}
