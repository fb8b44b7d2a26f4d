package org.cloudprofiler.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

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

    /**
     * The client process that submits {@code mainClass} of {@code jar} with {@code arguments}
     * to this engine and exits once the engine has the job; empty for an engine that runs no
     * jobs (Kafka).
     */
    default Optional<ClusterProcess> submission(ClusterLayout layout, Path jar, String mainClass,
            List<String> arguments) throws IOException {
        return Optional.empty();
    }
}
