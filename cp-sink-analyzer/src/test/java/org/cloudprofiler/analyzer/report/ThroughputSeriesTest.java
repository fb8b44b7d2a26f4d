package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ThroughputSeriesTest {

    private static final double RATE_PER_SECOND = 50_000;

    /**
     * A counter sampled every 0.1 s with a little jitter, as the count channels are, at a steady
     * 50,000 tuples/s for 30 s from a channel opened at 0.
     */
    private static void addSteadyCounter(ThroughputSeries series, double phaseSeconds) {
        int samples = 300;
        double[] seconds = new double[samples + 1];
        long[] counts = new long[samples + 1];
        for (int i = 1; i <= samples; i++) {
            double jitter = (i % 7 - 3) * 0.004;
            seconds[i] = phaseSeconds + i * 0.1 + jitter;
            counts[i] = Math.round(seconds[i] * RATE_PER_SECOND);
        }
        series.addCounter(seconds, counts, true, false);
    }

    @Test
    void aSteadyRateGivesAFlatSeriesWhateverThePhaseOfTheSamples() {
        ThroughputSeries series = new ThroughputSeries(30);
        addSteadyCounter(series, 0.037);
        List<double[]> points = series.points();
        assertEquals(1, series.bucketSeconds());
        assertTrue(points.size() >= 29, points.size() + " buckets");
        for (double[] point : points) {
            assertEquals(RATE_PER_SECOND, point[1], 2, "at " + point[0] + " s");
        }
    }

    @Test
    void countersOfSeveralTasksAddUp() {
        ThroughputSeries series = new ThroughputSeries(30);
        addSteadyCounter(series, 0.011);
        addSteadyCounter(series, 0.063);
        for (double[] point : series.points().subList(1, 28)) {
            assertEquals(2 * RATE_PER_SECOND, point[1], 4, "at " + point[0] + " s");
        }
    }

    @Test
    void aBucketIsGivenOnlyWhereTheCounterCoversAllOfIt() {
        ThroughputSeries series = new ThroughputSeries(10);
        series.addCounter(new double[] {0.5, 1.5, 2.5, 3.2}, new long[] {0, 100, 200, 270}, false,
                false);
        List<double[]> points = series.points();
        assertEquals(2, points.size());
        assertEquals(1, points.get(0)[0]);
        assertEquals(100, points.get(0)[1], 1e-9);
        assertEquals(2, points.get(1)[0]);
        assertEquals(100, points.get(1)[1], 1e-9);
    }

    /**
     * A counter of 100 tuples/s sampled every 0.1 s from {@code fromSeconds} to
     * {@code toSeconds}.
     */
    private static void addCounter(ThroughputSeries series, double fromSeconds, double toSeconds,
            boolean opened, boolean closed) {
        int samples = (int) Math.round((toSeconds - fromSeconds) * 10);
        double[] seconds = new double[samples + 1];
        long[] counts = new long[samples + 1];
        for (int i = 0; i <= samples; i++) {
            seconds[i] = fromSeconds + i * 0.1;
            counts[i] = 10L * i;
        }
        series.addCounter(seconds, counts, opened, closed);
    }

    @Test
    void theLastSecondHoldsWhatTasksThatClosedWithinItCounted() {
        ThroughputSeries series = new ThroughputSeries(10.3);
        addCounter(series, 0, 10.3, true, true);
        addCounter(series, 0, 9.9, true, true);

        List<double[]> points = series.points();
        assertEquals(10, points.size());
        assertEquals(200, points.get(8)[1], 1e-6);
        // The second task closed at 9.9 s: 90 tuples in second 9, none after.
        assertEquals(9, points.get(9)[0]);
        assertEquals(190, points.get(9)[1], 1e-6);
    }

    @Test
    void aSecondATaskWasNotSampledAcrossIsNotGiven() {
        ThroughputSeries series = new ThroughputSeries(10.3);
        addCounter(series, 0, 10.3, true, true);
        // Killed at 9.9 s: what it counted after its last sample is unknown.
        addCounter(series, 0, 9.9, true, false);

        List<double[]> points = series.points();
        assertEquals(9, points.size());
        assertEquals(8, points.get(8)[0]);
        assertEquals(200, points.get(8)[1], 1e-6);
    }

    @Test
    void aTaskOpenedAfterTheRunsStartCountedNothingBefore() {
        ThroughputSeries series = new ThroughputSeries(10);
        addCounter(series, 0, 10, true, true);
        addCounter(series, 0.5, 10, true, true);

        List<double[]> points = series.points();
        assertEquals(10, points.size());
        assertEquals(150, points.get(0)[1], 1e-6);
        assertEquals(200, points.get(1)[1], 1e-6);
    }

    @Test
    void aLongRunHasAtMostTheMaximumOfBucketsOfWholeSeconds() {
        ThroughputSeries series = new ThroughputSeries(3600);
        assertEquals(6, series.bucketSeconds());
        series.addCounter(new double[] {0, 3600}, new long[] {0, 3_600_000}, true, true);
        assertEquals(600, series.points().size());
        series.points().forEach(point -> assertEquals(1000, point[1], 1e-6));
    }

    @Test
    void aRunShorterThanTenSecondsHasTenBuckets() {
        ThroughputSeries series = new ThroughputSeries(0.005);
        series.addCounter(new double[] {0, 0.001, 0.005}, new long[] {0, 250, 500}, true,
                true);

        assertEquals(0.0005, series.bucketSeconds(), 1e-15);
        assertEquals(250_000, series.points().get(0)[1], 1e-6);
        assertEquals(250_000, series.points().get(1)[1], 1e-6);
        assertEquals(62_500, series.points().get(2)[1], 1e-6);
    }
}
