package org.cloudprofiler.analyzer.clock;

import java.util.Set;

/**
 * Brings durations between timestamps of any two nodes onto one reference clock, each with its
 * bound; a pair of clocks it cannot relate gives {@link BoundedDuration#unbounded()}, never a
 * silent number. Implementations are immutable and thread-safe.
 */
public interface DurationTranslator {

    /** The node whose clock the durations are expressed on. */
    String referenceNode();

    /** The time from {@code startTicks} on {@code startNode} to {@code endTicks} on {@code endNode}. */
    BoundedDuration duration(String startNode, long startTicks, String endNode, long endTicks);

    /**
     * Seconds from {@code originTicks} on {@code originNode} to {@code ticks} on {@code node}, for
     * plotting: an estimate on the reference clock where sync data allows, else from the wall
     * clock pairs the channels recorded at open ({@link Double#NaN} if neither is known).
     */
    double secondsBetween(String originNode, long originTicks, String node, long ticks);

    /** Unordered node pairs between which durations are unbounded, as {@code "a <-> b"}. */
    Set<String> unsynchronizedPairs();
}
