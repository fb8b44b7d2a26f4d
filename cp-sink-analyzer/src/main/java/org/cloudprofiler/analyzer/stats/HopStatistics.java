package org.cloudprofiler.analyzer.stats;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.join.Locality;
import org.cloudprofiler.analyzer.join.TimeSelection;
import org.cloudprofiler.analyzer.join.TupleEnding;

/**
 * The hop samples of a part of the tuples, per hop and locality, with the count of tuples they
 * came from: what a join subtask emits (a delta since its last emission) and what the client
 * merges. Not thread-safe.
 */
public final class HopStatistics implements Serializable {

    private static final long serialVersionUID = 1L;

    private final HopCell[][] cells;
    private long completeTuples;
    private final Map<TupleEnding, Long> timedOutTuples = new LinkedHashMap<>();
    private long unsampledTuples;
    private long completeOutputs;
    private long timedOutOutputs;
    private long outputsWithLineage;
    private long outputsWithoutRoot;
    private long lineageWithoutOutput;
    private long watermarkReleasesNotFound;
    private long events;
    /** Null until a tuple has been added to it. */
    private TailBreakdown tail;
    private final long windowNs;

    /** Empty statistics for {@code hops} hops, with latencies over time in windows of 1 s. */
    public HopStatistics(int hops) {
        this(hops, TimeSelection.DEFAULT_WINDOW_NS);
    }

    /**
     * Empty statistics for {@code hops} hops, with latencies over time in windows of at least
     * {@code windowNs}.
     */
    public HopStatistics(int hops, long windowNs) {
        cells = new HopCell[hops][Locality.values().length];
        this.windowNs = windowNs;
    }

    /**
     * Adds one sample of {@code hop}, a duration of tuple {@code tupleId} whose hop started
     * {@code startNs} after the run's start (NaN if not known), measured inside task
     * {@code task} (a compute hop's), or -1 (a hop between tasks).
     */
    public void add(int hop, Locality locality, BoundedDuration duration, long tupleId,
            double startNs, int task) {
        cell(hop, locality).add(duration, tupleId, startNs, task);
    }

    /** Adds a tuple's latencies to the tail breakdown of the end-to-end hops of {@code paths}. */
    public void addToTail(TailPaths paths, TupleLatencies tuple) {
        if (tail == null) {
            tail = new TailBreakdown(paths);
        }
        tail.add(tuple);
    }

    /** Counts a tuple all of whose expected events were seen. */
    public void countComplete(int eventCount) {
        completeTuples++;
        events += eventCount;
    }

    /** Counts a tuple that timed out without all of them, and why. */
    public void countTimedOut(TupleEnding ending, int eventCount) {
        timedOutTuples.merge(ending, 1L, Long::sum);
        events += eventCount;
    }

    /**
     * Counts a tuple that ended without all of them because it passed a point while the point's
     * channel was under a handler that keeps no ids: not sampled there, not timed out.
     */
    public void countUnsampled(int eventCount) {
        unsampledTuples++;
        events += eventCount;
    }

    /**
     * Counts an output an operator minted (docs/design.md, "Tuple lineage"): not a tuple of its
     * own, counted apart from the source records.
     *
     * @param withLineage whether it has a lineage record naming its source record
     */
    public void countOutput(boolean complete, boolean withLineage, int eventCount) {
        if (complete) {
            completeOutputs++;
        } else {
            timedOutOutputs++;
        }
        outputsWithLineage += withLineage ? 1 : 0;
        events += eventCount;
    }

    /** Counts outputs with a lineage record whose source record was not found in time. */
    public void countOutputsWithoutRoot(long outputs) {
        outputsWithoutRoot += outputs;
    }

    /** Counts a lineage record no id record of its output came with. */
    public void countLineageWithoutOutput() {
        lineageWithoutOutput++;
    }

    /**
     * Counts an output fired by a watermark whose release upstream was not found: it has no
     * sample of its watermark hops.
     */
    public void countWatermarkReleaseNotFound() {
        watermarkReleasesNotFound++;
    }

    /** Adds {@code other}'s samples and counts to these. */
    public void merge(HopStatistics other) {
        for (int hop = 0; hop < cells.length && hop < other.cells.length; hop++) {
            for (int locality = 0; locality < cells[hop].length; locality++) {
                if (other.cells[hop][locality] != null) {
                    cell(hop, Locality.values()[locality]).merge(other.cells[hop][locality]);
                }
            }
        }
        completeTuples += other.completeTuples;
        other.timedOutTuples.forEach((ending, count) ->
                timedOutTuples.merge(ending, count, Long::sum));
        unsampledTuples += other.unsampledTuples;
        completeOutputs += other.completeOutputs;
        timedOutOutputs += other.timedOutOutputs;
        outputsWithLineage += other.outputsWithLineage;
        outputsWithoutRoot += other.outputsWithoutRoot;
        lineageWithoutOutput += other.lineageWithoutOutput;
        watermarkReleasesNotFound += other.watermarkReleasesNotFound;
        events += other.events;
        if (other.tail != null) {
            if (tail == null) {
                tail = new TailBreakdown(other.tail.paths());
            }
            tail.merge(other.tail);
        }
    }

    /** The samples of {@code hop} at {@code locality}, or null if there are none. */
    public HopCell get(int hop, Locality locality) {
        return cells[hop][locality.ordinal()];
    }

    /** Which hops make the slowest tuples end to end; null before a tuple was added to it. */
    public TailBreakdown tail() {
        return tail;
    }

    /** Tuples all of whose expected events arrived. */
    public long completeTuples() {
        return completeTuples;
    }

    /** Tuples given up on when their time-out passed (filtered, sampled, or still in flight). */
    public long timedOutTuples() {
        return timedOutTuples.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The {@link #timedOutTuples()} by why they ended; read only. */
    public Map<TupleEnding, Long> timedOutByEnding() {
        return Collections.unmodifiableMap(timedOutTuples);
    }

    /** Tuples not sampled at a point they passed ({@link #countUnsampled}). */
    public long unsampledTuples() {
        return unsampledTuples;
    }

    /** Outputs minted by an operator all of whose awaited records arrived. */
    public long completeOutputs() {
        return completeOutputs;
    }

    /** Outputs minted by an operator given up on when their time-out passed. */
    public long timedOutOutputs() {
        return timedOutOutputs;
    }

    /** Outputs with a lineage record: their end to end is measured from their source record. */
    public long outputsWithLineage() {
        return outputsWithLineage;
    }

    /** Outputs with a lineage record whose source record did not arrive in time. */
    public long outputsWithoutRoot() {
        return outputsWithoutRoot;
    }

    /** Lineage records that no id record of their output came with. */
    public long lineageWithoutOutput() {
        return lineageWithoutOutput;
    }

    /** Outputs fired by a watermark whose release was not found. */
    public long watermarkReleasesNotFound() {
        return watermarkReleasesNotFound;
    }

    /** Id records joined. */
    public long events() {
        return events;
    }

    public boolean isEmpty() {
        return completeTuples == 0 && timedOutTuples.isEmpty() && unsampledTuples == 0
                && completeOutputs == 0 && timedOutOutputs == 0 && outputsWithoutRoot == 0
                && lineageWithoutOutput == 0 && watermarkReleasesNotFound == 0 && !anySample();
    }

    /** Whether any hop has a sample: the lineage join adds samples and counts no tuples. */
    private boolean anySample() {
        for (HopCell[] hop : cells) {
            for (HopCell cell : hop) {
                if (cell != null) {
                    return true;
                }
            }
        }
        return false;
    }

    private HopCell cell(int hop, Locality locality) {
        HopCell cell = cells[hop][locality.ordinal()];
        if (cell == null) {
            cell = new HopCell(windowNs);
            cells[hop][locality.ordinal()] = cell;
        }
        return cell;
    }
}
