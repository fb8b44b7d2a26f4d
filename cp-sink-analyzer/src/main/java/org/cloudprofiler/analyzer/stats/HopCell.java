package org.cloudprofiler.analyzer.stats;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.cloudprofiler.analyzer.clock.BoundedDuration;

/**
 * The samples of one hop at one locality: HdrHistograms (3 significant digits) of the latency
 * and of its bound, in ns, and exact minimum, maximum and sum of both. Unbounded samples are
 * only counted. A latency estimate below zero (possible across nodes, within its bound) enters
 * the histogram as 0 and is counted in {@link #negative()}; the exact minimum keeps its sign.
 * Not thread-safe.
 */
public final class HopCell implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final int SIGNIFICANT_DIGITS = 3;

    private long bounded;
    private long unbounded;
    private long negative;
    private final Histogram latencyNs = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram boundNs = new Histogram(SIGNIFICANT_DIGITS);
    private double minLatencyNs = Double.POSITIVE_INFINITY;
    private double maxLatencyNs = Double.NEGATIVE_INFINITY;
    private double sumLatencyNs;
    private double minBoundNs = Double.POSITIVE_INFINITY;
    private double maxBoundNs = Double.NEGATIVE_INFINITY;
    private double sumBoundNs;
    private final Map<String, Long> paths = new TreeMap<>();

    void add(BoundedDuration duration) {
        paths.merge(duration.path(), 1L, Long::sum);
        if (!duration.bounded()) {
            unbounded++;
            return;
        }
        bounded++;
        double latency = duration.durationNs();
        if (latency < 0) {
            negative++;
        }
        latencyNs.recordValue(Math.max(0, Math.round(latency)));
        // A bound is only rounded up: it must still hold.
        boundNs.recordValue((long) Math.ceil(duration.boundNs()));
        minLatencyNs = Math.min(minLatencyNs, latency);
        maxLatencyNs = Math.max(maxLatencyNs, latency);
        sumLatencyNs += latency;
        minBoundNs = Math.min(minBoundNs, duration.boundNs());
        maxBoundNs = Math.max(maxBoundNs, duration.boundNs());
        sumBoundNs += duration.boundNs();
    }

    void merge(HopCell other) {
        bounded += other.bounded;
        unbounded += other.unbounded;
        negative += other.negative;
        latencyNs.add(other.latencyNs);
        boundNs.add(other.boundNs);
        minLatencyNs = Math.min(minLatencyNs, other.minLatencyNs);
        maxLatencyNs = Math.max(maxLatencyNs, other.maxLatencyNs);
        sumLatencyNs += other.sumLatencyNs;
        minBoundNs = Math.min(minBoundNs, other.minBoundNs);
        maxBoundNs = Math.max(maxBoundNs, other.maxBoundNs);
        sumBoundNs += other.sumBoundNs;
        other.paths.forEach((path, count) -> paths.merge(path, count, Long::sum));
    }

    /** Samples with a finite bound: the ones the statistics describe. */
    public long bounded() {
        return bounded;
    }

    /** Samples between clocks nothing relates: counted, never given a number. */
    public long unbounded() {
        return unbounded;
    }

    /** Bounded samples whose estimate is below zero. */
    public long negative() {
        return negative;
    }

    /** The latencies, ns (negative ones as 0); read only. */
    public Histogram latencyNs() {
        return latencyNs;
    }

    /** The bounds, ns, rounded up; read only. */
    public Histogram boundNs() {
        return boundNs;
    }

    public double minLatencyNs() {
        return minLatencyNs;
    }

    public double maxLatencyNs() {
        return maxLatencyNs;
    }

    public double meanLatencyNs() {
        return bounded == 0 ? Double.NaN : sumLatencyNs / bounded;
    }

    public double minBoundNs() {
        return minBoundNs;
    }

    public double maxBoundNs() {
        return maxBoundNs;
    }

    public double meanBoundNs() {
        return bounded == 0 ? Double.NaN : sumBoundNs / bounded;
    }

    /** Samples per translation path ({@code TranslationPath} names, or {@code UNSYNCHRONIZED}). */
    public Map<String, Long> paths() {
        return Map.copyOf(paths);
    }
}
