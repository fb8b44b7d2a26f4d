package org.cloudprofiler.examples.ysb;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The YSB results of the topologies running in this JVM (a LocalCluster): each campaign
 * window's latest view count, per topology name. It stands in for the benchmark's Redis, so the
 * demo and the tests can read what the sink wrote. Thread-safe.
 */
public final class CampaignWindows {
    private static final Map<String, Map<WindowKey, Long>> BY_TOPOLOGY =
            new ConcurrentHashMap<>();

    private CampaignWindows() {}

    /** The live counts of topology {@code topologyName}; empty until its sink writes. */
    public static Map<WindowKey, Long> of(String topologyName) {
        return BY_TOPOLOGY.computeIfAbsent(topologyName, name -> new ConcurrentHashMap<>());
    }

    /** Forgets the counts of {@code topologyName}, before it runs again. */
    public static void clear(String topologyName) {
        BY_TOPOLOGY.remove(topologyName);
    }
}
