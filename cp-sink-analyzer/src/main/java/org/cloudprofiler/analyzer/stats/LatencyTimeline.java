package org.cloudprofiler.analyzer.stats;

import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The latencies of one hop at one locality per window of time: window {@code k} holds the
 * samples whose hop started in {@code [k · windowNs, (k + 1) · windowNs)} ns after the run's
 * start, as a {@link SignedHistogram} of 2 significant digits (exact below 256 ns in
 * magnitude, within 1% above) with the largest bound beside it.
 *
 * <p>Memory stays bounded however long the run: when the windows would span more than
 * {@link #MAX_WINDOWS}, the window doubles and neighbours merge (exactly: windows are always
 * the chosen width times a power of two, aligned on the run's start), so a timeline holds at
 * most {@link #MAX_WINDOWS} windows of some 24 KiB (latencies up to 100 ms) to 58 KiB (of
 * either sign up to 10 s) each (docs/benchmarks.md, "Analyzer"). Not
 * thread-safe.
 */
public final class LatencyTimeline implements Serializable {

    private static final long serialVersionUID = 1L;
    /** The most windows a timeline holds: an hour at 1 s becomes 225 windows of 16 s. */
    public static final int MAX_WINDOWS = 300;
    private static final int SIGNIFICANT_DIGITS = 2;

    private long windowNs;
    private final TreeMap<Long, Window> windows = new TreeMap<>();

    /**
     * The samples of one window; also those of one task of a compute hop
     * ({@link HopCell#tasks()}), which keep as little.
     */
    public static final class Window implements Serializable {

        private static final long serialVersionUID = 1L;

        private final SignedHistogram latencyNs = new SignedHistogram(SIGNIFICANT_DIGITS);
        private double boundMaxNs = Double.NEGATIVE_INFINITY;

        void add(double latency, double bound) {
            latencyNs.record(latency);
            boundMaxNs = Math.max(boundMaxNs, bound);
        }

        void merge(Window other) {
            latencyNs.add(other.latencyNs);
            boundMaxNs = Math.max(boundMaxNs, other.boundMaxNs);
        }

        /** The latencies, ns, with their sign; read only. */
        public SignedHistogram latencyNs() {
            return latencyNs;
        }

        /** The largest bound of the window's samples, ns. */
        public double boundMaxNs() {
            return boundMaxNs;
        }
    }

    /** @param windowNs the narrowest window, ns; widened by doubling as the run grows */
    public LatencyTimeline(long windowNs) {
        if (windowNs <= 0) {
            throw new IllegalArgumentException("a window must be longer than 0 ns: " + windowNs);
        }
        this.windowNs = windowNs;
    }

    /** Adds one bounded sample whose hop started {@code startNs} after the run's start. */
    void add(double startNs, double latencyNs, double boundNs) {
        long index = (long) Math.floor(startNs / windowNs);
        windows.computeIfAbsent(index, k -> new Window()).add(latencyNs, boundNs);
        if (windows.size() > 1 && windows.lastKey() - windows.firstKey() >= MAX_WINDOWS) {
            widenUntilWithinBound();
        }
    }

    /** Adds {@code other}'s windows, widening either side's to the wider of the two. */
    void merge(LatencyTimeline other) {
        while (windowNs < other.windowNs) {
            widen();
        }
        long factor = windowNs / other.windowNs;
        other.windows.forEach((index, window) -> windows.computeIfAbsent(
                Math.floorDiv(index, factor), k -> new Window()).merge(window));
        widenUntilWithinBound();
    }

    private void widenUntilWithinBound() {
        while (!windows.isEmpty() && windows.lastKey() - windows.firstKey() >= MAX_WINDOWS) {
            widen();
        }
    }

    private void widen() {
        Map<Long, Window> narrow = new TreeMap<>(windows);
        windows.clear();
        windowNs *= 2;
        narrow.forEach((index, window) -> windows.merge(Math.floorDiv(index, 2), window,
                (wide, added) -> {
                    wide.merge(added);
                    return wide;
                }));
    }

    /** The window's width now, ns. */
    public long windowNs() {
        return windowNs;
    }

    /**
     * The windows that hold samples by index: window {@code k} starts {@code k · windowNs()}
     * after the run's start (below zero for hops that started before it); read only.
     */
    public NavigableMap<Long, Window> windows() {
        return Collections.unmodifiableNavigableMap(windows);
    }
}
