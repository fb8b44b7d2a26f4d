package org.cloudprofiler.bench.ingestion;

import org.HdrHistogram.Histogram;

/**
 * Collects schedule-lag samples of one paced source into per-second histograms. Correct for a
 * single writer thread only; {@link #finish} hands an immutable summary to other threads.
 */
public final class ScheduleLagRecorder {
    private static final long SECOND_NS = 1_000_000_000L;
    // Lags up to a minute at 2 significant digits: the p99 is within 1% of the truth.
    private static final long HIGHEST_TRACKABLE_NS = 60 * SECOND_NS;

    private final Histogram second = new Histogram(HIGHEST_TRACKABLE_NS, 2);
    private long secondEndNs;
    private long fullSeconds;
    private long worstP99Ns;
    private long lastFullP99Ns;
    private long maxNs;

    /** Starts the first second at {@code startNs} ({@link System#nanoTime()}). */
    public ScheduleLagRecorder(long startNs) {
        this.secondEndNs = startNs + SECOND_NS;
    }

    /** One sample: at {@code nowNs}, the source was {@code lagNs} behind its schedule. */
    public void record(long nowNs, long lagNs) {
        while (nowNs >= secondEndNs) {
            closeSecond();
        }
        long clamped = Math.min(Math.max(lagNs, 0), HIGHEST_TRACKABLE_NS);
        second.recordValue(clamped);
        maxNs = Math.max(maxNs, clamped);
    }

    /** The summary of the run; the recorder is done. */
    public ScheduleLag finish() {
        if (fullSeconds == 0) {
            long partialP99Ns = second.getValueAtPercentile(99);
            return new ScheduleLag(partialP99Ns, maxNs, partialP99Ns);
        }
        return new ScheduleLag(worstP99Ns, maxNs, lastFullP99Ns);
    }

    private void closeSecond() {
        // A second without a sample (a source stalled for all of it) keeps the previous p99;
        // its lag shows in the samples of the second that ends the stall.
        if (second.getTotalCount() > 0) {
            lastFullP99Ns = second.getValueAtPercentile(99);
            worstP99Ns = Math.max(worstP99Ns, lastFullP99Ns);
            second.reset();
        }
        fullSeconds++;
        secondEndNs += SECOND_NS;
    }
}
