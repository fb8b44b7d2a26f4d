package org.cloudprofiler.cluster;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.cloudprofiler.netns.NetworkNode;

/**
 * One process of the local cluster, before it starts: its name (unique in the cluster, also the
 * name of its log file), the node it runs on, its command line (without the node's namespace
 * prefix), what it adds to the environment, and how to tell that it is up.
 */
public record ClusterProcess(String name, NetworkNode node, List<String> command,
        Map<String, String> environment, Readiness readiness) {

    public ClusterProcess {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(node, "node");
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
        Objects.requireNonNull(readiness, "readiness");
    }
}
