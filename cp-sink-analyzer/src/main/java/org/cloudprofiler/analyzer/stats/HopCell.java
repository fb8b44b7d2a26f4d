package org.cloudprofiler.analyzer.stats;

import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.cloudprofiler.analyzer.clock.BoundedDuration;

/**
 * The samples of one hop at one locality: the distributions of the latency and of its bound, in
 * ns, signed and unclamped ({@link SignedHistogram}). Unbounded samples are only counted.
 * Latencies below zero are counted in two kinds, each with its worst case: {@link #negative()},
 * below zero but within the bound (possible across nodes), and {@link #violating()}, below zero
 * by more than the bound, which no true duration can be. Not thread-safe.
 */
public final class HopCell implements Serializable {

    private static final long serialVersionUID = 1L;

    private long unbounded;
    private long negative;
    private long violating;
    private TupleDuration mostNegative;
    private TupleDuration worstViolation;
    private final SignedHistogram latencyNs = new SignedHistogram();
    private final SignedHistogram boundNs = new SignedHistogram();
    private final Map<String, Long> paths = new TreeMap<>();
    private final LatencyTimeline overTime;
    /** Per task, for a compute hop: its bounded samples by the task that took the tuple in. */
    private final Map<Integer, LatencyTimeline.Window> tasks = new TreeMap<>();

    /** @param windowNs the narrowest window of {@link #overTime()} */
    HopCell(long windowNs) {
        overTime = new LatencyTimeline(windowNs);
    }

    /**
     * Adds a sample of tuple {@code tupleId} whose hop started {@code startNs} after the run's
     * start (NaN if that is not known: then it is in no window), measured inside task
     * {@code task} (a compute hop's), or -1 (a hop between tasks).
     */
    void add(BoundedDuration duration, long tupleId, double startNs, int task) {
        paths.merge(duration.path(), 1L, Long::sum);
        if (!duration.bounded()) {
            unbounded++;
            return;
        }
        latencyNs.record(duration.durationNs());
        boundNs.record(duration.boundNs());
        if (task >= 0) {
            tasks.computeIfAbsent(task, t -> new LatencyTimeline.Window())
                    .add(duration.durationNs(), duration.boundNs());
        }
        if (!Double.isNaN(startNs)) {
            overTime.add(startNs, duration.durationNs(), duration.boundNs());
        }
        if (duration.durationNs() >= 0) {
            return;
        }
        TupleDuration sample = new TupleDuration(tupleId, duration.durationNs(),
                duration.boundNs());
        if (sample.upperLimitNs() < 0) {
            violating++;
            worstViolation = furthestBelowZero(worstViolation, sample);
        } else {
            negative++;
            mostNegative = mostNegative(mostNegative, sample);
        }
    }

    void merge(HopCell other) {
        unbounded += other.unbounded;
        negative += other.negative;
        violating += other.violating;
        mostNegative = mostNegative(mostNegative, other.mostNegative);
        worstViolation = furthestBelowZero(worstViolation, other.worstViolation);
        latencyNs.add(other.latencyNs);
        boundNs.add(other.boundNs);
        other.paths.forEach((path, count) -> paths.merge(path, count, Long::sum));
        overTime.merge(other.overTime);
        other.tasks.forEach((task, samples) ->
                tasks.computeIfAbsent(task, t -> new LatencyTimeline.Window()).merge(samples));
    }

    private static TupleDuration mostNegative(TupleDuration a, TupleDuration b) {
        return a == null || (b != null && b.latencyNs() < a.latencyNs()) ? b : a;
    }

    private static TupleDuration furthestBelowZero(TupleDuration a, TupleDuration b) {
        return a == null || (b != null && b.upperLimitNs() < a.upperLimitNs()) ? b : a;
    }

    /** Samples with a finite bound: the ones the statistics describe. */
    public long bounded() {
        return latencyNs.totalCount();
    }

    /** Samples between clocks nothing relates: counted, never given a number. */
    public long unbounded() {
        return unbounded;
    }

    /** Bounded samples below zero but within their bound of it. */
    public long negative() {
        return negative;
    }

    /** Of the {@link #negative()} samples, the one with the lowest latency; null if none. */
    public TupleDuration mostNegative() {
        return mostNegative;
    }

    /** Bounded samples below zero by more than their bound: violations. */
    public long violating() {
        return violating;
    }

    /** Of the {@link #violating()} samples, the one furthest below zero with its bound. */
    public TupleDuration worstViolation() {
        return worstViolation;
    }

    /** The latencies, ns, with their sign; read only. */
    public SignedHistogram latencyNs() {
        return latencyNs;
    }

    /** The bounds, ns; read only. */
    public SignedHistogram boundNs() {
        return boundNs;
    }

    /** The latencies per window of time, by when the hop started; read only. */
    public LatencyTimeline overTime() {
        return overTime;
    }

    /**
     * A compute hop's bounded samples per task id, in task order, each in a histogram of 2
     * significant digits with the largest bound; empty for other hops; read only.
     */
    public Map<Integer, LatencyTimeline.Window> tasks() {
        return Collections.unmodifiableMap(tasks);
    }

    /** Samples per translation path ({@code TranslationPath} names, or {@code UNSYNCHRONIZED}). */
    public Map<String, Long> paths() {
        return Map.copyOf(paths);
    }
}
