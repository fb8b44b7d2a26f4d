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

    /** Id records joined. */
    public long events() {
        return events;
    }

    public boolean isEmpty() {
        return completeTuples == 0 && timedOutTuples.isEmpty() && unsampledTuples == 0;
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
