package org.cloudprofiler.analyzer.stats;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which hops make the slowest 1% of tuples end to end (docs/analyzer-output.md, "The tail"):
 * per end-to-end hop, the tuples are grouped by their end-to-end latency into buckets 1% wide
 * (relative), each summing, per hop on the way ({@link TailPaths}), the tuples' shares of their
 * end-to-end latency, their latencies and bounds, and how often that hop was the tuple's
 * largest. The 1% threshold is only known once every tuple is in; then the buckets from the
 * slowest down are taken until they hold at least 1% of the tuples. So the tail is exact to
 * within one bucket: it is at least 1% of the tuples and includes every tuple within 1% of the
 * slowest 1%'s lowest latency.
 *
 * <p>Memory: per end-to-end hop, one bucket per 1% of latency range occupied (1,390 buckets
 * cover a factor of a million, 1 µs to 1 s), each of five numbers per hop on the way; none
 * grows with the tuples. Not thread-safe.
 */
public final class TailBreakdown implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The part of the tuples, the slowest end to end, that makes the tail. */
    public static final double TAIL_FRACTION = 0.01;
    private static final double LOG_BUCKET_RATIO = Math.log(1.01);

    private final TailPaths paths;
    private final TreeMap<Integer, Sums>[] buckets;

    @SuppressWarnings("unchecked")
    public TailBreakdown(TailPaths paths) {
        this.paths = paths;
        buckets = new TreeMap[paths.endToEndHops().length];
        Arrays.setAll(buckets, e -> new TreeMap<>());
    }

    /** Adds {@code tuple} to the end-to-end hops it has a bounded sample of. */
    public void add(TupleLatencies tuple) {
        for (int e = 0; e < buckets.length; e++) {
            int endToEnd = paths.endToEndHops()[e];
            if (tuple.has(endToEnd)) {
                sums(e, bucket(tuple.latencyNs(endToEnd))).add(tuple, endToEnd,
                        paths.pathHops()[e]);
            }
        }
    }

    /** Adds {@code other}'s tuples, of the same paths, to these. */
    public void merge(TailBreakdown other) {
        for (int e = 0; e < buckets.length; e++) {
            for (Map.Entry<Integer, Sums> entry : other.buckets[e].entrySet()) {
                sums(e, entry.getKey()).merge(entry.getValue());
            }
        }
    }

    public TailPaths paths() {
        return paths;
    }

    /**
     * The slowest 1% (at least) of the tuples of the {@code e}-th end-to-end hop, summed; null
     * if it has no bounded sample.
     */
    public Tail tail(int e) {
        long all = buckets[e].values().stream().mapToLong(sums -> sums.tuples).sum();
        if (all == 0) {
            return null;
        }
        long wanted = (long) Math.ceil(all * TAIL_FRACTION);
        Sums tail = new Sums(paths.pathHops()[e].length);
        for (Sums sums : buckets[e].descendingMap().values()) {
            tail.merge(sums);
            if (tail.tuples >= wanted) {
                break;
            }
        }
        return new Tail(all, tail);
    }

    private Sums sums(int endToEnd, int bucket) {
        Sums sums = buckets[endToEnd].get(bucket);
        if (sums == null) {
            sums = new Sums(paths.pathHops()[endToEnd].length);
            buckets[endToEnd].put(bucket, sums);
        }
        return sums;
    }

    private static int bucket(double latencyNs) {
        return latencyNs < 1 ? 0 : 1 + (int) Math.floor(Math.log(latencyNs) / LOG_BUCKET_RATIO);
    }

    /**
     * The tail of one end-to-end hop.
     *
     * @param ofTuples the tuples with a bounded end-to-end sample, of which the tail is 1%
     * @param sums the tail's tuples, summed
     */
    public record Tail(long ofTuples, Sums sums) {}

    /**
     * Sums over a set of tuples of one end-to-end hop; per hop on the way (in
     * {@link TailPaths#pathHops()} order) where noted.
     */
    public static final class Sums implements Serializable {

        private static final long serialVersionUID = 1L;

        private long tuples;
        private double minLatencyNs = Double.POSITIVE_INFINITY;
        private double latencySumNs;
        private double boundSumNs;
        private final double[] hopShareSum;
        private final double[] hopLatencySumNs;
        private final double[] hopBoundSumNs;
        private final long[] hopSamples;
        private final long[] hopDominant;

        Sums(int pathHops) {
            hopShareSum = new double[pathHops];
            hopLatencySumNs = new double[pathHops];
            hopBoundSumNs = new double[pathHops];
            hopSamples = new long[pathHops];
            hopDominant = new long[pathHops];
        }

        void add(TupleLatencies tuple, int endToEnd, int[] pathHops) {
            double latencyNs = tuple.latencyNs(endToEnd);
            tuples++;
            minLatencyNs = Math.min(minLatencyNs, latencyNs);
            latencySumNs += latencyNs;
            boundSumNs += tuple.boundNs(endToEnd);
            int dominant = -1;
            boolean tied = false;
            for (int h = 0; h < pathHops.length; h++) {
                int hop = pathHops[h];
                if (!tuple.has(hop)) {
                    continue;
                }
                hopSamples[h]++;
                hopLatencySumNs[h] += tuple.latencyNs(hop);
                hopBoundSumNs[h] += tuple.boundNs(hop);
                // A share of an end-to-end latency of 0 or below (clocks apart) says nothing.
                hopShareSum[h] += latencyNs > 0 ? tuple.latencyNs(hop) / latencyNs : 0;
                double largestNs = dominant < 0 ? 0 : tuple.latencyNs(pathHops[dominant]);
                if (dominant < 0 || tuple.latencyNs(hop) > largestNs) {
                    dominant = h;
                    tied = false;
                } else if (tuple.latencyNs(hop) == largestNs) {
                    tied = true;
                }
            }
            // Two hops equally largest: neither made the tuple slow more than the other.
            if (dominant >= 0 && !tied) {
                hopDominant[dominant]++;
            }
        }

        void merge(Sums other) {
            tuples += other.tuples;
            minLatencyNs = Math.min(minLatencyNs, other.minLatencyNs);
            latencySumNs += other.latencySumNs;
            boundSumNs += other.boundSumNs;
            for (int h = 0; h < hopSamples.length; h++) {
                hopShareSum[h] += other.hopShareSum[h];
                hopLatencySumNs[h] += other.hopLatencySumNs[h];
                hopBoundSumNs[h] += other.hopBoundSumNs[h];
                hopSamples[h] += other.hopSamples[h];
                hopDominant[h] += other.hopDominant[h];
            }
        }

        public long tuples() {
            return tuples;
        }

        /** The lowest end-to-end latency among the tuples, ns. */
        public double minLatencyNs() {
            return minLatencyNs;
        }

        public double latencySumNs() {
            return latencySumNs;
        }

        public double boundSumNs() {
            return boundSumNs;
        }

        /** The tuples' shares of the {@code h}-th hop on the way, summed (0 without a sample). */
        public double hopShareSum(int h) {
            return hopShareSum[h];
        }

        public double hopLatencySumNs(int h) {
            return hopLatencySumNs[h];
        }

        public double hopBoundSumNs(int h) {
            return hopBoundSumNs[h];
        }

        /** Tuples with a bounded sample of the {@code h}-th hop on the way. */
        public long hopSamples(int h) {
            return hopSamples[h];
        }

        /** Tuples whose largest hop on the way was the {@code h}-th, and no other as large. */
        public long hopDominant(int h) {
            return hopDominant[h];
        }
    }
}
