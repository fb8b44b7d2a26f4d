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
 * one is given only where the counter was sampled over all of it. Not thread-safe.
 */
final class ThroughputSeries {

    /**
     * The bucket is one second, widened to whole seconds so a run has at most this many; a run
     * shorter than {@link #MIN_BUCKETS} seconds has that many buckets.
     */
    static final int MAX_BUCKETS = 600;
    static final int MIN_BUCKETS = 10;

    private final double bucketSeconds;
    private final Map<Long, Double> tuplesPerBucket = new TreeMap<>();

    /** @param runSeconds how long the run is, to choose the bucket's width */
    ThroughputSeries(double runSeconds) {
        bucketSeconds = runSeconds > 0 && runSeconds < MIN_BUCKETS ? runSeconds / MIN_BUCKETS
                : Math.max(1, Math.ceil(runSeconds / MAX_BUCKETS));
    }

    double bucketSeconds() {
        return bucketSeconds;
    }

    /**
     * Adds one counter: its cumulative counts at increasing times, seconds since the run's
     * start; the first point should be where the counter was still 0 (its channel's opening).
     */
    void addCounter(double[] seconds, long[] counts) {
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
            }
            previousCount = count;
        }
    }

    /** {@code [seconds since the run's start at the bucket's start, tuples/s]}, in time order. */
    List<double[]> points() {
        List<double[]> points = new ArrayList<>();
        tuplesPerBucket.forEach((bucket, tuples) -> points.add(
                new double[] {bucket * bucketSeconds, tuples / bucketSeconds}));
        return points;
    }
}
