package org.cloudprofiler.cli.cluster;

import java.io.IOException;
import java.util.List;

/**
 * One engine of the local cluster (Storm, Flink, Kafka): the processes it runs on the cluster's
 * nodes and the addresses a user needs to reach it. One implementation per engine.
 */
public interface ClusterEngine {
    /** The engine's name on the command line and in the cluster's directory, e.g. "storm". */
    String name();

    /**
     * The engine's processes, in the order they start (each waited for before the next), with
     * the configuration files they read written under {@code layout.engineDirectory(name())}.
     */
    List<ClusterProcess> processes(ClusterLayout layout) throws IOException;

    /** Lines for {@code cluster up} and {@code cluster status}: what to connect to, and how. */
    List<String> addresses(ClusterLayout layout);
}
