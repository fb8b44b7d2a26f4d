package org.cloudprofiler.analyzer.join;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.clock.DurationTranslator;
import org.cloudprofiler.analyzer.input.RunStart;
import org.cloudprofiler.analyzer.samples.SampleFileWriter;
import org.cloudprofiler.analyzer.stats.HopStatistics;
import org.cloudprofiler.analyzer.stats.TailPaths;
import org.cloudprofiler.analyzer.stats.TupleLatencies;

/**
 * Turns the records of one tuple into hop samples. Where a point saw the tuple more than once
 * (a task that emits several tuples under one id), the start of a hop is its earliest record
 * there; every record at the hop's end is a sample. End to end, a source record is measured
 * from its source, an output without a lineage record from the operator that minted it, and an
 * output with one from its root's start ({@link #sampleDescendant}). A sample's time is its
 * hop's start on the reference clock, since the run's start; only the samples the
 * {@link TimeSelection} takes are added. Stateless apart from its settings; used by one thread.
 */
final class HopSampler {

    private final HopPlan plan;
    private final DurationTranslator translator;
    private final int[][] hopComponents;
    private final TailPaths tailPaths;
    /** The tuple being sampled, hop by hop, for the tail breakdown. */
    private final TupleLatencies latencies;
    /** Where every sample also goes, or null. */
    private SampleFileWriter export;
    private final RunStart runStart;
    private final TimeSelection selection;
    /** The releases of the watermark being sampled, reused. */
    private final List<WatermarkReleases.Release> releases = new ArrayList<>();

    /** A sampler of the whole run that gives its samples no time. */
    public HopSampler(HopPlan plan, DurationTranslator translator) {
        this(plan, translator, null, TimeSelection.WHOLE_RUN);
    }

    public HopSampler(HopPlan plan, DurationTranslator translator, RunStart runStart,
            TimeSelection selection) {
        this.plan = plan;
        this.translator = translator;
        this.runStart = runStart;
        this.selection = selection;
        hopComponents = new int[plan.hops().size()][];
        for (Hop hop : plan.hops()) {
            hopComponents[hop.index()] = new int[] {
                plan.componentIndex(hop.from()), plan.componentIndex(hop.to())};
        }
        tailPaths = TailPaths.of(plan.hops());
        latencies = new TupleLatencies(plan.hops().size());
    }

    /** Also writes every sample from now on into {@code writer}, which the caller closes. */
    public void exportTo(SampleFileWriter writer) {
        export = writer;
    }

    /** Adds the samples of source record {@code tuple}, whose id is {@code tupleId}. */
    public void sample(long tupleId, TupleEvents tuple, HopStatistics statistics) {
        sample(tupleId, tuple, HopPlan.SOURCE_RECORD, statistics);
    }

    /**
     * Adds the samples of {@code tuple}, whose id is {@code tupleId} and which starts at
     * {@code start} ({@link HopPlan#startOf}), to {@code statistics}. A tuple with a lineage
     * record gets its end-to-end samples from {@link #sampleDescendant} instead.
     */
    public void sample(long tupleId, TupleEvents tuple, int start, HopStatistics statistics) {
        latencies.clear();
        for (Hop hop : plan.hops()) {
            int from = hopComponents[hop.index()][0];
            int to = hopComponents[hop.index()][1];
            switch (hop.kind()) {
                case COMPUTE -> sampleCompute(tupleId, tuple, hop.index(), from, statistics);
                case TRANSFER -> sampleToEachEnd(tupleId, tuple, hop.index(),
                        earliest(tuple, from, HopPlan.OUT, -1), to, false, statistics);
                case CHAINED -> sampleChained(tupleId, tuple, hop.index(), from, to, statistics);
                case END_TO_END -> {
                    if (tuple.rootId == TupleEvents.NO_ROOT && plan.endToEndOf(from, start)) {
                        sampleToEachEnd(tupleId, tuple, hop.index(),
                                earliest(tuple, from, plan.endToEndStart(from), -1), to, true,
                                statistics);
                    }
                }
                case WATERMARK -> { }  // below, once for all of them
                default -> throw new IllegalStateException("unknown hop kind " + hop.kind());
            }
        }
        if (start >= 0 && tuple.rootId == TupleEvents.NO_ROOT && plan.hasWatermarkHops(start)) {
            sampleWatermarkHops(tupleId, tuple, start, statistics);
        }
        statistics.addToTail(tailPaths, latencies);
    }

    /**
     * The watermark hops of output {@code tupleId}, minted at {@code firing}: if a watermark's
     * arrival made the operator emit it, from that watermark's release upstream (the latest of
     * the emissions that released it) to each of the output's records at a sink. The bound is
     * the largest of the emissions' bounds: the latest true emission is within it of the
     * latest estimated one.
     */
    private void sampleWatermarkHops(long tupleId, TupleEvents tuple, int firing,
            HopStatistics statistics) {
        int entered = earliest(tuple, firing, HopPlan.IN, -1);
        if (entered < 0) {
            return;
        }
        int firingChannel = tuple.channels[entered];
        WatermarkReleases watermarks = plan.watermarks();
        long watermark = watermarks.firingWatermark(firing, plan.task(firingChannel),
                plan.node(firingChannel), tuple.tscs[entered]);
        if (watermark == WatermarkReleases.NONE) {
            return;
        }
        releases.clear();
        if (!watermarks.releases(firing, plan.task(firingChannel), watermark, releases)) {
            statistics.countWatermarkReleaseNotFound();
            return;
        }
        for (int i = 0; i < tuple.size; i++) {
            int channel = tuple.channels[i];
            int hop = plan.point(channel) == HopPlan.IN
                    ? plan.watermarkHop(firing, plan.component(channel)) : -1;
            if (hop >= 0) {
                addFromRelease(tupleId, hop, firingChannel, channel, tuple.tscs[i], statistics);
            }
        }
    }

    /** Samples a watermark hop from the latest of {@link #releases} to {@code endTsc}. */
    private void addFromRelease(long tupleId, int hop, int firingChannel, int endChannel,
            long endTsc, HopStatistics statistics) {
        WatermarkReleases.Release latest = null;
        BoundedDuration shortest = null;
        double bound = 0;
        for (WatermarkReleases.Release release : releases) {
            BoundedDuration duration = translator.duration(release.node(), release.tsc(),
                    plan.node(endChannel), endTsc);
            bound = Math.max(bound, duration.boundNs());
            if (shortest == null || !duration.bounded()
                    || duration.durationNs() < shortest.durationNs()) {
                shortest = duration;
                latest = release;
            }
        }
        BoundedDuration duration = shortest.bounded()
                ? new BoundedDuration(shortest.durationNs(), bound, shortest.path()) : shortest;
        double startNs = sinceRunStart(latest.node(), latest.tsc());
        if (!selection.contains(startNs)) {
            return;
        }
        String endNode = plan.node(endChannel);
        Locality where = !latest.node().equals(endNode) ? Locality.REMOTE
                : plan.node(firingChannel).equals(endNode) ? Locality.LOCAL : Locality.MIXED;
        latencies.record(hop, duration);
        statistics.add(hop, where, duration, tupleId, startNs, -1);
        if (export != null) {
            try {
                export.write(tupleId, hop, where, startNs, duration);
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
        }
    }

    /**
     * Adds the end-to-end samples of output {@code childId}, whose lineage record names
     * {@code root} as its source record: from the root's start (its source's {@code in}, or
     * the {@code in} of the operator that minted it, {@code rootStart}) to each of the output's
     * records at a sink.
     */
    public void sampleDescendant(long childId, TupleEvents root, int rootStart, TupleEvents child,
            HopStatistics statistics) {
        latencies.clear();
        for (Hop hop : plan.hops()) {
            int from = hopComponents[hop.index()][0];
            if (hop.kind() != HopKind.END_TO_END || !plan.endToEndOf(from, rootStart)) {
                continue;
            }
            int start = earliest(root, from, plan.endToEndStart(from), -1);
            if (start < 0) {
                continue;
            }
            int to = hopComponents[hop.index()][1];
            for (int i = 0; i < child.size; i++) {
                int channel = child.channels[i];
                if (plan.component(channel) == to && plan.point(channel) == HopPlan.IN) {
                    add(childId, hop.index(), root, start, child, i, true, -1, statistics);
                }
            }
        }
    }

    /** Per task of the component: its earliest {@code in} to its earliest {@code out}. */
    private void sampleCompute(long tupleId, TupleEvents tuple, int hop, int component,
            HopStatistics statistics) {
        for (int i = 0; i < tuple.size; i++) {
            int channel = tuple.channels[i];
            if (plan.component(channel) != component || plan.point(channel) != HopPlan.IN) {
                continue;
            }
            int task = plan.task(channel);
            if (earliest(tuple, component, HopPlan.IN, task) != i) {
                continue;
            }
            int out = earliest(tuple, component, HopPlan.OUT, task);
            if (out >= 0) {
                add(tupleId, hop, tuple, i, tuple, out, false, task, statistics);
            }
        }
    }

    /**
     * Per record at {@code to}'s {@code in}: from the earliest {@code out} of {@code from}'s task
     * of the same index, the one whose thread it runs in (a chain joins subtask i to subtask i).
     */
    private void sampleChained(long tupleId, TupleEvents tuple, int hop, int from, int to,
            HopStatistics statistics) {
        for (int i = 0; i < tuple.size; i++) {
            int channel = tuple.channels[i];
            if (plan.component(channel) == to && plan.point(channel) == HopPlan.IN) {
                int start = earliest(tuple, from, HopPlan.OUT, plan.task(channel));
                if (start >= 0) {
                    add(tupleId, hop, tuple, start, tuple, i, false, -1, statistics);
                }
            }
        }
    }

    private void sampleToEachEnd(long tupleId, TupleEvents tuple, int hop, int start,
            int endComponent, boolean endToEnd, HopStatistics statistics) {
        if (start < 0) {
            return;
        }
        for (int i = 0; i < tuple.size; i++) {
            int channel = tuple.channels[i];
            if (plan.component(channel) == endComponent && plan.point(channel) == HopPlan.IN) {
                add(tupleId, hop, tuple, start, tuple, i, endToEnd, -1, statistics);
            }
        }
    }

    /**
     * Samples one hop from record {@code start} of {@code from} to record {@code end} of
     * {@code to} (the same tuple, except end to end from an output's root), inside {@code task}
     * or -1.
     */
    private void add(long tupleId, int hop, TupleEvents from, int start, TupleEvents to, int end,
            boolean endToEnd, int task, HopStatistics statistics) {
        int startChannel = from.channels[start];
        int endChannel = to.channels[end];
        double startNs = sinceRunStart(plan.node(startChannel), from.tscs[start]);
        if (!selection.contains(startNs)) {
            return;
        }
        BoundedDuration duration = translator.duration(plan.node(startChannel),
                from.tscs[start], plan.node(endChannel), to.tscs[end]);
        Locality where = locality(from, startChannel, plan.nodeIndex(endChannel), endToEnd);
        if (where == Locality.LOCAL && from != to) {
            where = locality(to, startChannel, plan.nodeIndex(endChannel), endToEnd);
        }
        latencies.record(hop, duration);
        statistics.add(hop, where, duration, tupleId, startNs, task);
        if (export != null) {
            try {
                export.write(tupleId, hop, where, startNs, duration);
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
        }
    }

    /** Ns from the run's start to {@code tsc} on {@code node}'s clock; NaN without a start. */
    private double sinceRunStart(String node, long tsc) {
        return runStart == null ? Double.NaN : runStart.nsUntil(node, tsc, translator);
    }

    /**
     * An end-to-end hop whose ends share a node is MIXED if the tuple passed another node on the
     * way; the generator's send is on the way only of the hops that start there.
     */
    private Locality locality(TupleEvents tuple, int startChannel, int endNode,
            boolean endToEnd) {
        int startNode = plan.nodeIndex(startChannel);
        if (startNode != endNode) {
            return Locality.REMOTE;
        }
        if (endToEnd) {
            int startComponent = plan.component(startChannel);
            for (int i = 0; i < tuple.size; i++) {
                int channel = tuple.channels[i];
                boolean onTheWay = plan.component(channel) == startComponent
                        || !plan.isGenerator(plan.component(channel));
                if (onTheWay && plan.nodeIndex(channel) != startNode) {
                    return Locality.MIXED;
                }
            }
        }
        return Locality.LOCAL;
    }

    /**
     * The record of {@code component}'s {@code point} with the smallest clock reading (of task
     * {@code task}, or any task if -1), or -1.
     */
    private int earliest(TupleEvents tuple, int component, byte point, int task) {
        int best = -1;
        for (int i = 0; i < tuple.size; i++) {
            int channel = tuple.channels[i];
            if (plan.component(channel) == component && plan.point(channel) == point
                    && (task < 0 || plan.task(channel) == task)
                    && (best < 0 || tuple.tscs[i] < tuple.tscs[best])) {
                best = i;
            }
        }
        return best;
    }
}
