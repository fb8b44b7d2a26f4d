package org.cloudprofiler.analyzer.join;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.analyzer.input.Topology;
import org.cloudprofiler.topology.ComponentRole;

/**
 * How tuples move between the components of a {@link HopPlan}, by component index: which have
 * {@code in} and {@code out} channels, which are sources, and the edges of topology.json.
 * Immutable.
 */
final class Flow implements Serializable {

    private static final long serialVersionUID = 1L;

    private final boolean[][] hasPoint;
    private final boolean[] source;
    private final int[][] upstream;
    private final int[][] downstream;

    private Flow(boolean[][] hasPoint, boolean[] source, int[][] upstream, int[][] downstream) {
        this.hasPoint = hasPoint;
        this.source = source;
        this.upstream = upstream;
        this.downstream = downstream;
    }

    /**
     * @param names the plan's components; an edge naming another is left out
     * @param hasPoint per component, whether it has id channels of each point
     * @param feeder a component upstream of every source (the generator), or -1
     */
    static Flow of(Topology topology, List<String> names, boolean[][] hasPoint, int feeder) {
        boolean[] source = new boolean[names.size()];
        for (Topology.Component component : topology.components()) {
            int index = names.indexOf(component.id());
            if (index >= 0 && component.role() == ComponentRole.SOURCE) {
                source[index] = true;
            }
        }
        List<List<Integer>> up = new ArrayList<>();
        List<List<Integer>> down = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
            up.add(new ArrayList<>());
            down.add(new ArrayList<>());
        }
        for (Topology.Edge edge : topology.edges()) {
            int from = names.indexOf(edge.from());
            int to = names.indexOf(edge.to());
            if (from >= 0 && to >= 0) {
                down.get(from).add(to);
                up.get(to).add(from);
            }
        }
        for (int c = 0; feeder >= 0 && c < names.size(); c++) {
            if (source[c]) {
                down.get(feeder).add(c);
                up.get(c).add(feeder);
            }
        }
        return new Flow(hasPoint, source, toArrays(up), toArrays(down));
    }

    private static int[][] toArrays(List<List<Integer>> lists) {
        return lists.stream().map(list -> list.stream().mapToInt(Integer::intValue).toArray())
                .toArray(int[][]::new);
    }

    /** Whether {@code component} has id channels of {@code point}. */
    boolean has(int component, byte point) {
        return hasPoint[component][point];
    }

    /**
     * Whether a tuple that passes {@code component} leaves records at {@code point}: at its
     * {@code in}, and at its {@code out} only if an edge leaves it (a sink emits to no one, so
     * its {@code out} stays empty).
     */
    boolean awaits(int component, byte point) {
        return has(component, point) && (point != HopPlan.OUT
                || downstream[component].length > 0);
    }

    boolean isSource(int component) {
        return source[component];
    }

    /** The components {@code component} subscribes to. */
    int[] upstream(int component) {
        return upstream[component];
    }

    /** The components subscribing to {@code component}. */
    int[] downstream(int component) {
        return downstream[component];
    }
}
