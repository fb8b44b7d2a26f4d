package org.cloudprofiler.analyzer.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Tuples per second over a run from cumulative counters (the {@code count} channels), free of
 * aliasing: each counter's cumulative count is interpolated linearly between its samples at
 * every whole bucket boundary, and a bucket's rate is the difference across it. Counting the
 * increments of the samples that fall into a bucket instead makes a steady rate look uneven
 * whenever the sampling period does not divide the bucket. Buckets start at the run's start, and
 * one is given only where every counter added is known over all of it: sampled across it, or
 * before its opening or after its closing, where it counts nothing. An operator's tasks stop at
 * different instants, so a bucket some of them were not sampled across would otherwise lack
 * what those counted in it. Not thread-safe.
 */
final class ThroughputSeries {

    /**
     * The bucket is one second, widened to whole seconds so a run has at most this many; a run
     * shorter than {@link #MIN_BUCKETS} seconds has that many buckets.
     */
    static final int MAX_BUCKETS = 600;
    static final int MIN_BUCKETS = 10;

    private final double bucketSeconds;
    private final double runSeconds;
    private final Map<Long, Double> tuplesPerBucket = new TreeMap<>();
    private final Map<Long, Integer> countersPerBucket = new TreeMap<>();
    private int counters;

    /**
     * @param runSeconds how long the run is, seconds from its start to its last counter sample:
     *     chooses the bucket's width, and ends the counters that have closed
     */
    ThroughputSeries(double runSeconds) {
        this.runSeconds = runSeconds;
        bucketSeconds = runSeconds > 0 && runSeconds < MIN_BUCKETS ? runSeconds / MIN_BUCKETS
                : Math.max(1, Math.ceil(runSeconds / MAX_BUCKETS));
    }

    double bucketSeconds() {
        return bucketSeconds;
    }

    /**
     * Adds one counter: its cumulative counts at increasing times, seconds since the run's
     * start.
     *
     * @param opened whether the first point is the counter's opening (it counted nothing before)
     * @param closed whether the last point is its closing (it counts nothing after)
     */
    void addCounter(double[] sampleSeconds, long[] sampleCounts, boolean opened,
            boolean closed) {
        counters++;
        // Flat from the run's start to the opening and from the closing to the run's end.
        int before = opened && sampleSeconds[0] > 0 ? 1 : 0;
        int after = closed && sampleSeconds[sampleSeconds.length - 1] < runSeconds ? 1 : 0;
        double[] seconds = new double[before + sampleSeconds.length + after];
        long[] counts = new long[seconds.length];
        System.arraycopy(sampleSeconds, 0, seconds, before, sampleSeconds.length);
        System.arraycopy(sampleCounts, 0, counts, before, sampleCounts.length);
        if (before > 0) {
            counts[0] = sampleCounts[0];
        }
        if (after > 0) {
            seconds[seconds.length - 1] = runSeconds;
            counts[counts.length - 1] = sampleCounts[sampleCounts.length - 1];
        }
        // Nothing enters before the run's start (its first tuple): buckets start there.
        long boundary = (long) Math.ceil(Math.max(0, seconds[0]) / bucketSeconds);
        double previousCount = Double.NaN;
        int segment = 1;
        for (; ; boundary++) {
            double at = boundary * bucketSeconds;
            while (segment < seconds.length && seconds[segment] < at) {
                segment++;
            }
            if (segment == seconds.length) {
                return;
            }
            double span = seconds[segment] - seconds[segment - 1];
            double fraction = span > 0 ? (at - seconds[segment - 1]) / span : 1;
            double count = counts[segment - 1]
                    + fraction * (counts[segment] - counts[segment - 1]);
            if (!Double.isNaN(previousCount)) {
                tuplesPerBucket.merge(boundary - 1, count - previousCount, Double::sum);
                countersPerBucket.merge(boundary - 1, 1, Integer::sum);
            }
            previousCount = count;
        }
    }

    /** {@code [seconds since the run's start at the bucket's start, tuples/s]}, in time order. */
    List<double[]> points() {
        List<double[]> points = new ArrayList<>();
        tuplesPerBucket.forEach((bucket, tuples) -> {
            if (countersPerBucket.get(bucket) == counters) {
                points.add(new double[] {bucket * bucketSeconds, tuples / bucketSeconds});
            }
        });
        return points;
    }
}
