package org.cloudprofiler.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Least-squares transfer-time fits over the sizes a sweep uses (64 B to 1 MiB). */
class TransferTimeFitterTest {

    /** 64 B, 128 B, ..., 1 MiB: the sweep's sizes, where size² reaches 1.1e12. */
    private static List<Integer> sweepSizes() {
        List<Integer> sizes = new ArrayList<>();
        for (int size = 64; size <= 1 << 20; size *= 2) {
            sizes.add(size);
        }
        return sizes;
    }

    private static List<TransferSample> samples(double p, double q, double r, double noiseNs) {
        Random random = new Random(42);
        List<TransferSample> samples = new ArrayList<>();
        for (int size : sweepSizes()) {
            double noise = noiseNs * random.nextGaussian();
            samples.add(new TransferSample(size, 100, p + q * size + r * size * size + noise));
        }
        return samples;
    }

    private static void assertRelativelyClose(double expected, double actual, String what) {
        assertEquals(expected, actual, Math.abs(expected) * 1e-9, what);
    }

    @Test
    void quadraticRecoversNoiselessCoefficients() {
        double p = 25_000;
        double q = 0.85;
        double r = 3e-8;
        TransferFit fit = TransferTimeFitter.quadratic(samples(p, q, r, 0));

        assertRelativelyClose(p, fit.p(), "p");
        assertRelativelyClose(q, fit.q(), "q");
        assertRelativelyClose(r, fit.r(), "r");
        assertTrue(fit.mseNs2() < 1e-12, "mse " + fit.mseNs2());
        assertTrue(fit.mapePercent() < 1e-12, "mape " + fit.mapePercent());
    }

    @Test
    void linearRecoversNoiselessCoefficients() {
        TransferFit fit = TransferTimeFitter.linear(samples(18_000, 1.25, 0, 0));

        assertRelativelyClose(18_000, fit.p(), "p");
        assertRelativelyClose(1.25, fit.q(), "q");
        assertEquals(0, fit.r());
        assertTrue(fit.mseNs2() < 1e-12, "mse " + fit.mseNs2());
    }

    @Test
    void quadraticRecoversCoefficientsFromLargeCloseSizes() {
        // 1 MiB − 7·4 KiB to 1 MiB: columns 1, size and size² nearly parallel.
        List<TransferSample> samples = new ArrayList<>();
        for (int size = (1 << 20) - 7 * 4096; size <= 1 << 20; size += 4096) {
            samples.add(new TransferSample(size, 100, 25_000 + 0.85 * size + 3e-8 * size * size));
        }
        TransferFit fit = TransferTimeFitter.quadratic(samples);

        assertRelativelyClose(25_000, fit.p(), "p");
        assertRelativelyClose(0.85, fit.q(), "q");
        assertRelativelyClose(3e-8, fit.r(), "r");
    }

    @Test
    void quadraticFitsNoisyDataAtLeastAsWellAsLinear() {
        List<TransferSample> noisy = samples(25_000, 0.85, 3e-8, 500);
        TransferFit quadratic = TransferTimeFitter.quadratic(noisy);
        TransferFit linear = TransferTimeFitter.linear(noisy);

        assertTrue(quadratic.mseNs2() <= linear.mseNs2(),
                "quadratic " + quadratic + " vs linear " + linear);
        assertTrue(quadratic.mseNs2() > 0, quadratic.toString());
        assertEquals(3e-8, quadratic.r(), 0.1 * 3e-8, "r still found under the noise");
    }

    @Test
    void errorsAreTheMeansOverTheSamples() {
        // Least squares through (0, 1), (1, 3), (2, 2) is t = 1.5 + 0.5·size: residuals
        // −0.5, 1, −0.5.
        List<TransferSample> samples = List.of(new TransferSample(0, 1, 1),
                new TransferSample(1, 1, 3), new TransferSample(2, 1, 2));
        TransferFit linear = TransferTimeFitter.linear(samples);

        assertEquals(1.5, linear.p(), 1e-12);
        assertEquals(0.5, linear.q(), 1e-12);
        assertEquals((0.25 + 1 + 0.25) / 3, linear.mseNs2(), 1e-12);
        assertEquals(100 * (0.5 / 1 + 1.0 / 3 + 0.5 / 2) / 3, linear.mapePercent(), 1e-9);
        assertEquals(0, TransferTimeFitter.quadratic(samples).mseNs2(), 1e-20,
                "three points fix a parabola");
    }

    @Test
    void tooFewSamplesAreRejected() {
        List<TransferSample> two = List.of(new TransferSample(64, 1, 20_000),
                new TransferSample(128, 1, 20_100));
        IllegalArgumentException quadratic = assertThrows(IllegalArgumentException.class,
                () -> TransferTimeFitter.quadratic(two));
        assertTrue(quadratic.getMessage().contains("at least 3 samples, got 2"),
                quadratic.getMessage());
        IllegalArgumentException linear = assertThrows(IllegalArgumentException.class,
                () -> TransferTimeFitter.linear(two.subList(0, 1)));
        assertTrue(linear.getMessage().contains("at least 2 samples, got 1"),
                linear.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TransferTimeFitter.linear(List.of()));
    }

    @Test
    void repeatedSizesAreDegenerate() {
        List<TransferSample> twoSizes = List.of(new TransferSample(64, 1, 20_000),
                new TransferSample(64, 1, 20_050), new TransferSample(4096, 1, 24_000));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TransferTimeFitter.quadratic(twoSizes));
        assertTrue(e.getMessage().contains("3 different payload sizes, got 2"), e.getMessage());
        assertTrue(TransferTimeFitter.linear(twoSizes).q() > 0,
                "two different sizes are enough for a line");

        List<TransferSample> oneSize = List.of(new TransferSample(512, 1, 20_000),
                new TransferSample(512, 1, 20_010));
        assertThrows(IllegalArgumentException.class, () -> TransferTimeFitter.linear(oneSize));
    }

    @Test
    void impossibleSamplesAreRejected() {
        List<TransferSample> negativeSize = List.of(new TransferSample(-1, 1, 20_000),
                new TransferSample(64, 1, 20_000), new TransferSample(128, 1, 20_000));
        assertThrows(IllegalArgumentException.class,
                () -> TransferTimeFitter.linear(negativeSize));
        for (double badNs : new double[] {0, -5, Double.NaN, Double.POSITIVE_INFINITY}) {
            List<TransferSample> badTime = List.of(new TransferSample(64, 1, 20_000),
                    new TransferSample(128, 1, badNs));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> TransferTimeFitter.linear(badTime), Double.toString(badNs));
            assertTrue(e.getMessage().contains("sample 1 (128 bytes)"), e.getMessage());
        }
    }
}
