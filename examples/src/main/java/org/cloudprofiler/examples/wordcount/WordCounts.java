package org.cloudprofiler.examples.wordcount;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The word tallies of the word-count topologies running in this JVM (a LocalCluster), per
 * topology name, for the code that submitted them to read. Thread-safe.
 */
public final class WordCounts {
    private static final Map<String, Map<String, WordTally>> BY_TOPOLOGY =
            new ConcurrentHashMap<>();

    private WordCounts() {}

    /** The live tallies of topology {@code topologyName}. */
    public static Map<String, WordTally> of(String topologyName) {
        return BY_TOPOLOGY.computeIfAbsent(topologyName, name -> new ConcurrentHashMap<>());
    }
}
