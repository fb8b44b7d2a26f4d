package org.cloudprofiler.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.cloudprofiler.analyzer.element.Payloads;
import org.junit.jupiter.api.Test;

/** Percentiles of values of either sign, ranked with their sign and never above the maximum. */
class SignedHistogramTest {

    private static final double[] PERCENTILES = {0, 1, 25, 50, 75, 90, 99, 99.9, 100};

    @Test
    void percentilesOfValuesOfEitherSignEqualAnExactComputation() {
        Random random = new Random(19);
        double[] values = new double[10_001];
        SignedHistogram histogram = new SignedHistogram();
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextDouble() * 4_000 - 2_000;
            histogram.record(values[i]);
        }
        ExactPercentiles exact = new ExactPercentiles(values);

        for (double percentile : PERCENTILES) {
            assertEquals(exact.at(percentile), histogram.valueAtPercentile(percentile), 0,
                    "p" + percentile);
        }
        assertEquals(exact.min(), histogram.min(), 0);
        assertEquals(exact.mean(), histogram.mean(), 1e-9);
    }

    @Test
    void mergedHistogramsRankTheValuesOfBoth() {
        SignedHistogram below = new SignedHistogram();
        SignedHistogram above = new SignedHistogram();
        for (int i = 1; i <= 100; i++) {
            below.record(-i);
            above.record(i);
        }
        below.add(above);

        assertEquals(200, below.totalCount());
        assertEquals(-100, below.valueAtPercentile(0.5), 0);
        assertEquals(-1, below.valueAtPercentile(50), 0);
        assertEquals(1, below.valueAtPercentile(50.5), 0);
        assertEquals(100, below.valueAtPercentile(100), 0);
    }

    @Test
    void aPercentileLiesAboveItsRanksValueByLessThanItsResolutionAtEveryBucketStep() {
        // Values beside the steps of the bucket width (1 ns below 2,048, 2 ns below 4,096, ...),
        // each the median of two with a larger maximum, so the bucket's end is reported.
        for (double value : new double[] {0.2, 1_000.3, 2_047.2, 2_048.1, 4_095.1, 4_096.5,
                -2_047.5, -2_049.9, -4_097.9}) {
            SignedHistogram histogram = new SignedHistogram();
            histogram.record(value);
            histogram.record(1e7);
            double p50 = histogram.valueAtPercentile(50);

            assertTrue(p50 >= value && p50 - value < SignedHistogram.resolutionNs(p50),
                    value + " reported as " + p50);
        }
        assertEquals(1, SignedHistogram.resolutionNs(2_047), 0);
        assertEquals(2, SignedHistogram.resolutionNs(2_048), 0);
        assertEquals(2, SignedHistogram.resolutionNs(4_095), 0);
        assertEquals(4, SignedHistogram.resolutionNs(-4_096), 0);
    }

    @Test
    void aPercentileNeverExceedsTheExactMaximum() {
        // 5,000.3 is recorded as 5,001, whose 3-significant-digit bucket ends at 5,003.
        SignedHistogram bounds = new SignedHistogram();
        for (int i = 0; i < 1_000; i++) {
            bounds.record(4_000 + i * 1.0003);
        }
        bounds.record(5_000.3);

        assertEquals(5_000.3, bounds.max(), 0);
        for (double percentile : PERCENTILES) {
            double value = bounds.valueAtPercentile(percentile);
            assertTrue(value <= bounds.max(), "p" + percentile + " = " + value);
        }
        assertEquals(5_000.3, bounds.valueAtPercentile(100), 0);
    }

    @Test
    void aPercentileIsAtLeastTheValueOfItsRankAboveTheExactBuckets() {
        SignedHistogram histogram = new SignedHistogram();
        double[] values = new double[1_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = -1e6 + i * 2_017.7;
            histogram.record(values[i]);
        }
        for (double percentile : PERCENTILES) {
            int rank = (int) Math.max(1, Math.ceil(percentile / 100 * values.length - 1e-9));
            double value = histogram.valueAtPercentile(percentile);
            double ofRank = values[rank - 1];
            assertTrue(value >= ofRank && value <= Math.ceil(ofRank) + Math.abs(ofRank) / 1000,
                    "p" + percentile + " = " + value + " for " + ofRank);
        }
    }

    @Test
    void refusesWhatItCannotHold() {
        SignedHistogram histogram = new SignedHistogram();
        assertThrows(IllegalStateException.class, () -> histogram.valueAtPercentile(50));
        assertThrows(IllegalArgumentException.class, () -> histogram.record(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> histogram.record(-0x1p63));
    }

    @Test
    void aSerializedDistributionIsCompactAndKeepsEveryFigure() {
        // A latency window of a long run: values from 100 ns to 10 s, both signs.
        SignedHistogram original = new SignedHistogram(2);
        Random random = new Random(7);
        for (int i = 0; i < 50_000; i++) {
            double magnitude = Math.pow(10, 2 + random.nextDouble() * 8);
            original.record(random.nextInt(20) == 0 ? -magnitude : magnitude);
        }

        byte[] bytes = Payloads.encode(original);
        SignedHistogram copy = Payloads.decode(bytes, SignedHistogram.class);

        // 300 windows of 20 hop rows must stay far below the collect sink's 64 MiB a record:
        // the plain arrays took 40 KiB here.
        assertTrue(bytes.length < 8 * 1024, bytes.length + " bytes");
        for (double percentile : PERCENTILES) {
            assertEquals(original.valueAtPercentile(percentile), copy.valueAtPercentile(percentile));
        }
        assertEquals(original.min(), copy.min());
        assertEquals(original.mean(), copy.mean());
        copy.record(1e12);
        assertEquals(1e12, copy.max());
    }
}
