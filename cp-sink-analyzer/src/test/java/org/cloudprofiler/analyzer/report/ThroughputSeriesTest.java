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
        series.addCounter(seconds, counts);
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
        series.addCounter(new double[] {0.5, 1.5, 2.5, 3.2}, new long[] {0, 100, 200, 270});
        List<double[]> points = series.points();
        assertEquals(2, points.size());
        assertEquals(1, points.get(0)[0]);
        assertEquals(100, points.get(0)[1], 1e-9);
        assertEquals(2, points.get(1)[0]);
        assertEquals(100, points.get(1)[1], 1e-9);
    }

    @Test
    void aLongRunHasAtMostTheMaximumOfBucketsOfWholeSeconds() {
        ThroughputSeries series = new ThroughputSeries(3600);
        assertEquals(6, series.bucketSeconds());
        series.addCounter(new double[] {0, 3600}, new long[] {0, 3_600_000});
        assertEquals(600, series.points().size());
        series.points().forEach(point -> assertEquals(1000, point[1], 1e-6));
    }

    @Test
    void aRunShorterThanTenSecondsHasTenBuckets() {
        ThroughputSeries series = new ThroughputSeries(0.005);
        series.addCounter(new double[] {0, 0.001, 0.005}, new long[] {0, 250, 500});

        assertEquals(0.0005, series.bucketSeconds(), 1e-15);
        assertEquals(250_000, series.points().get(0)[1], 1e-6);
        assertEquals(250_000, series.points().get(1)[1], 1e-6);
        assertEquals(62_500, series.points().get(2)[1], 1e-6);
    }
}
