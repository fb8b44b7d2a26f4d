package org.cloudprofiler.examples.sentences;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The word counts the report bolts of the topologies running in this JVM (a LocalCluster) hold,
 * per topology name, for the code that submitted them to read. Thread-safe.
 */
public final class ReportedCounts {
    private static final Map<String, Map<String, Long>> BY_TOPOLOGY = new ConcurrentHashMap<>();

    private ReportedCounts() {}

    /** The live counts of topology {@code topologyName}. */
    public static Map<String, Long> of(String topologyName) {
        return BY_TOPOLOGY.computeIfAbsent(topologyName, name -> new ConcurrentHashMap<>());
    }

    /** Forgets the counts of topology {@code topologyName}, before it runs again. */
    public static void clear(String topologyName) {
        BY_TOPOLOGY.remove(topologyName);
    }
}
