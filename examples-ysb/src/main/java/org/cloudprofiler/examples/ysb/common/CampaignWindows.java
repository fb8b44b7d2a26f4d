package org.cloudprofiler.examples.ysb.common;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The YSB results of the topologies or jobs running in this JVM (a Storm LocalCluster, a Flink
 * MiniCluster): each campaign window's latest view count, per topology or job name. It stands in
 * for the benchmark's Redis, so the demos and the tests can read what the sinks wrote.
 * Thread-safe.
 */
public final class CampaignWindows {
    private static final Map<String, Map<WindowKey, Long>> BY_NAME =
            new ConcurrentHashMap<>();

    private CampaignWindows() {}

    /** The live counts of topology or job {@code name}; empty until its sink writes. */
    public static Map<WindowKey, Long> of(String name) {
        return BY_NAME.computeIfAbsent(name, key -> new ConcurrentHashMap<>());
    }

    /** Forgets the counts of {@code name}, before it runs again. */
    public static void clear(String name) {
        BY_NAME.remove(name);
    }

    /**
     * Keeps {@code count} as the window's latest unless a larger one is there: the counts of a
     * window only grow, so the largest is the latest even if two sink instances shared it.
     */
    public static void record(String name, WindowKey window, long count) {
        of(name).merge(window, count, Math::max);
    }
}
