package org.cloudprofiler.analyzer.clock;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The translator without sync data: a duration between two readings of one node's clock is
 * exact (bound 0, as the design's R-to-R row), one between two nodes is unbounded. Ticks become
 * nanoseconds at the frequency the node's intact channel headers state; a node without an intact
 * header has unbounded durations, since a frequency that failed its checksum proves nothing.
 */
public final class SingleClockTranslator implements DurationTranslator {

    private final String referenceNode;
    private final Map<String, NodeClock> clocks;
    private final Set<String> unsynchronizedPairs = new TreeSet<>();

    /**
     * @param clocks every node that wrote logs; the first in iteration order whose name sorts
     *     lowest is the reference unless {@code referenceNode} is given
     */
    public SingleClockTranslator(String referenceNode, Map<String, NodeClock> clocks) {
        this.clocks = Map.copyOf(clocks);
        this.referenceNode = referenceNode != null ? referenceNode
                : clocks.keySet().stream().sorted().findFirst().orElse("");
        for (String a : clocks.keySet()) {
            for (String b : clocks.keySet()) {
                if (a.compareTo(b) < 0) {
                    unsynchronizedPairs.add(a + " <-> " + b);
                }
            }
        }
    }

    @Override
    public String referenceNode() {
        return referenceNode;
    }

    @Override
    public BoundedDuration duration(String startNode, long startTicks, String endNode,
            long endTicks) {
        NodeClock clock = clocks.get(startNode);
        if (!startNode.equals(endNode) || !clock.known()) {
            return BoundedDuration.unbounded();
        }
        return new BoundedDuration((endTicks - startTicks) * 1e9 / clock.tscHz(), 0,
                startNode.equals(referenceNode) ? "SAME_NODE_REFERENCE" : "SAME_NODE");
    }

    @Override
    public double secondsBetween(String originNode, long originTicks, String node, long ticks) {
        NodeClock clock = clocks.get(node);
        if (originNode.equals(node)) {
            return clock.known() ? (ticks - originTicks) / (double) clock.tscHz() : Double.NaN;
        }
        return (clock.realtimeNs(ticks)
                - clocks.get(originNode).realtimeNs(originTicks)) / 1e9;
    }

    @Override
    public Set<String> unsynchronizedPairs() {
        return Set.copyOf(unsynchronizedPairs);
    }
}
