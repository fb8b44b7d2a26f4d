package org.cloudprofiler.analyzer.join;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.input.Topology;
import org.cloudprofiler.analyzer.input.WatermarkLogs;
import org.cloudprofiler.channel.ProbePoint;

/**
 * When the watermark that fired an operator's outputs was released into the job
 * (docs/design.md, "Watermarks: when a window's results were released"): an operator's event
 * time is the smallest watermark of its inputs, so watermark {@code w} reached it once every
 * task upstream that generates watermarks had emitted one of at least {@code w}, the last of
 * them being the release. Upstream is followed edge by edge from the operator's task: a
 * {@code forward} edge from the task of the same index, every other edge from every task,
 * except {@code rescale}, whose pairing is not followed (no release is found). On each way up,
 * the first task that logged a generated watermark of at least {@code w} is where it was
 * released; a task that generated none that large passed on one from further up (the end of
 * input's, say), which is followed on. Immutable, by component index of its {@link HopPlan}.
 */
final class WatermarkReleases implements Serializable {

    private static final long serialVersionUID = 1L;

    /** {@link #firingWatermark} of an output no watermark fired. */
    static final long NONE = Long.MIN_VALUE;

    /** A generated watermark's emission: the task's node and clock reading. */
    record Release(String node, long tsc) {}

    /** Per component and task, its generated series: watermarks never going back, and when. */
    private final Map<Long, List<Generated>> generated = new HashMap<>();
    /** Per component and task, its fired series: when a watermark made it emit outputs. */
    private final Map<Long, List<Fired>> fired = new HashMap<>();
    /** Per component, the components whose edges end at it, with how tasks pair. */
    private final List<List<Upstream>> upstream = new ArrayList<>();
    /** Per component, whether it logged watermarks that fired outputs; that it generated any. */
    private final boolean[] fires;
    private final boolean[] generates;
    /** Per component, its tasks. */
    private final List<int[]> tasks = new ArrayList<>();

    private record Generated(String node, long[] watermarks, long[] runningMax, long[] tscs)
            implements Serializable {}

    /** {@link #firstGenerated} of a task that declared itself idle on the way. */
    private static final Release IDLE = new Release("", 0);

    private record Fired(String node, long[] tscs, long[] watermarks) implements Serializable {}

    private record Upstream(int component, Pairing pairing) implements Serializable {}

    private enum Pairing { SAME_INDEX, EVERY_TASK, NOT_FOLLOWED }

    /**
     * @param components the plan's components, by index
     * @param byPrefix each channel prefix's component index
     */
    WatermarkReleases(List<String> components, Map<String, Integer> byPrefix,
            Topology topology, WatermarkLogs logs) {
        fires = new boolean[components.size()];
        generates = new boolean[components.size()];
        for (int c = 0; c < components.size(); c++) {
            upstream.add(new ArrayList<>());
            tasks.add(new int[0]);
        }
        if (topology != null) {
            for (Topology.Component component : topology.components()) {
                int c = components.indexOf(component.id());
                tasks.set(c, component.tasks().stream().mapToInt(Integer::intValue).toArray());
            }
            for (Topology.Edge edge : topology.edges()) {
                upstream.get(components.indexOf(edge.to())).add(new Upstream(
                        components.indexOf(edge.from()), pairing(edge.grouping())));
            }
        }
        for (WatermarkLogs.Series series : logs.series()) {
            Integer c = byPrefix.get(series.component());
            if (c == null || series.tscs().length == 0) {
                continue;  // a task opens both watermark channels, and may log on one only
            }
            long key = key(c, series.task());
            (series.generated() ? generates : fires)[c] = true;
            if (series.generated()) {
                long[] runningMax = series.watermarks().clone();
                for (int i = 1; i < runningMax.length; i++) {
                    runningMax[i] = Math.max(runningMax[i], runningMax[i - 1]);
                }
                generated.computeIfAbsent(key, k -> new ArrayList<>())
                        .add(new Generated(series.node(), series.watermarks(), runningMax,
                                series.tscs()));
            } else {
                fired.computeIfAbsent(key, k -> new ArrayList<>())
                        .add(new Fired(series.node(), series.tscs(), series.watermarks()));
            }
        }
    }

    /** How an edge of {@code grouping} pairs the tasks its watermarks travel between. */
    private static Pairing pairing(String grouping) {
        return switch (grouping) {
            case "forward" -> Pairing.SAME_INDEX;
            case "rescale" -> Pairing.NOT_FOLLOWED;
            default -> Pairing.EVERY_TASK;
        };
    }

    /** Whether component {@code c} logged watermarks that fired outputs. */
    boolean fires(int c) {
        return fires[c];
    }

    /**
     * The components nearest upstream of {@code c} on each way up that generated watermarks:
     * where the watermarks that reach {@code c} are released.
     */
    List<Integer> generatorsOf(int c) {
        List<Integer> found = new ArrayList<>();
        boolean[] seen = new boolean[upstream.size()];
        for (Upstream way : upstream.get(c)) {
            nearestGenerators(way.component(), seen, found);
        }
        return found;
    }

    /**
     * The watermark whose arrival at task {@code task} of component {@code c} on {@code node}
     * made it emit the output whose {@code in} is at {@code tsc}, or {@link #NONE}.
     */
    long firingWatermark(int c, int task, String node, long tsc) {
        List<Fired> series = fired.get(key(c, task));
        if (series != null) {
            for (Fired one : series) {
                int at = Arrays.binarySearch(one.tscs(), tsc);
                if (at >= 0 && one.node().equals(node)) {
                    return one.watermarks()[at];
                }
            }
        }
        return NONE;
    }

    /**
     * Adds to {@code into} the emissions that released watermark {@code watermark} to task
     * {@code task} of component {@code c}, one per way up; false if a way up ends without one
     * (the watermarks were generated where nothing logs them, or the way is not followed), and
     * then nothing is known of the release.
     */
    boolean releases(int c, int task, long watermark, List<Release> into) {
        List<Upstream> ways = upstream.get(c);
        if (ways.isEmpty()) {
            return false;
        }
        for (Upstream way : ways) {
            if (way.pairing() == Pairing.NOT_FOLLOWED) {
                return false;
            }
            int[] from = way.pairing() == Pairing.SAME_INDEX ? new int[] {task}
                    : tasks.get(way.component());
            for (int upstreamTask : from) {
                Release release = firstGenerated(way.component(), upstreamTask, watermark);
                if (release == IDLE) {
                    return false;
                }
                if (release != null) {
                    into.add(release);
                } else if (!releases(way.component(), upstreamTask, watermark, into)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The first emission of at least {@code watermark} by the task; null if it generated none
     * that large; {@link #IDLE} if it declared itself idle since its last watermark below it,
     * when the tasks downstream stopped waiting for it at a moment not logged.
     */
    private Release firstGenerated(int c, int task, long watermark) {
        List<Generated> series = generated.get(key(c, task));
        Release first = null;
        if (series != null) {
            for (Generated one : series) {
                long[] runningMax = one.runningMax();
                int at = Arrays.binarySearch(runningMax, watermark);
                if (at < 0) {
                    at = -at - 1;
                } else {
                    while (at > 0 && runningMax[at - 1] == watermark) {
                        at--;
                    }
                }
                // A task that started again later generates again: its later series counts.
                first = idleBefore(one, at) ? IDLE
                        : at < one.tscs().length ? new Release(one.node(), one.tscs()[at])
                        : first;
            }
        }
        return first;
    }

    /** Whether the series' last record before record {@code at} is a declaration of idleness. */
    private static boolean idleBefore(Generated series, int at) {
        return at > 0 && series.watermarks()[at - 1] == ProbePoint.IDLE_WATERMARK;
    }

    private void nearestGenerators(int c, boolean[] seen, List<Integer> found) {
        if (seen[c]) {
            return;
        }
        seen[c] = true;
        if (generatedBy(c)) {
            found.add(c);
            return;
        }
        for (Upstream way : upstream.get(c)) {
            nearestGenerators(way.component(), seen, found);
        }
    }

    private boolean generatedBy(int c) {
        return generates[c];
    }

    private static long key(int component, int task) {
        return (long) component << 32 | (task & 0xFFFF_FFFFL);
    }
}
