package org.cloudprofiler.analyzer.stats;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.cloudprofiler.analyzer.join.Hop;
import org.cloudprofiler.analyzer.join.HopKind;

/**
 * Which hops lie on the way of each end-to-end hop {@code S => K}: the transfers (chained or not)
 * between, and the compute hops of, the components a tuple passes from S to K (S itself
 * included; K, a sink, has no compute hop). Immutable.
 *
 * @param endToEndHops the end-to-end hops' indices in the plan
 * @param pathHops per end-to-end hop (same order), the indices of the hops on its way, in the
 *     plan's (data-flow) order
 */
public record TailPaths(int[] endToEndHops, int[][] pathHops) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The ways of every end-to-end hop of {@code hops}, by the transfers among them. */
    public static TailPaths of(List<Hop> hops) {
        List<Hop> endToEnd = hops.stream().filter(hop -> hop.kind() == HopKind.END_TO_END)
                .toList();
        int[][] pathHops = new int[endToEnd.size()][];
        for (int e = 0; e < endToEnd.size(); e++) {
            Set<String> between = between(hops, endToEnd.get(e).from(), endToEnd.get(e).to());
            pathHops[e] = hops.stream().filter(hop -> switch (hop.kind()) {
                case TRANSFER, CHAINED -> between.contains(hop.from())
                        && between.contains(hop.to());
                case COMPUTE -> between.contains(hop.from());
                default -> false;
            }).mapToInt(Hop::index).toArray();
        }
        return new TailPaths(endToEnd.stream().mapToInt(Hop::index).toArray(), pathHops);
    }

    /** The components on some way from {@code from} to {@code to}, both included. */
    private static Set<String> between(List<Hop> hops, String from, String to) {
        Set<String> downstreamOfFrom = reachable(hops, from, true);
        Set<String> upstreamOfTo = reachable(hops, to, false);
        downstreamOfFrom.retainAll(upstreamOfTo);
        return downstreamOfFrom;
    }

    private static Set<String> reachable(List<Hop> hops, String start, boolean downstream) {
        Set<String> seen = new HashSet<>(List.of(start));
        List<String> frontier = new ArrayList<>(seen);
        while (!frontier.isEmpty()) {
            String at = frontier.remove(frontier.size() - 1);
            for (Hop hop : hops) {
                if (hop.kind() != HopKind.TRANSFER && hop.kind() != HopKind.CHAINED) {
                    continue;
                }
                String near = downstream ? hop.from() : hop.to();
                String far = downstream ? hop.to() : hop.from();
                if (near.equals(at) && seen.add(far)) {
                    frontier.add(far);
                }
            }
        }
        return seen;
    }
}
