package org.cloudprofiler.sync.translate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.MathContext;
import org.cloudprofiler.sync.SyncExchange;
import org.junit.jupiter.api.Test;

/**
 * The MinRTT formulas of docs/design.md, "Clock sync and the CP translation", on hand-computed
 * numbers, and the fast path at 2^62.
 */
class MinRttClockMapTest {

    /** ĉ_j = 1005 ± 5 at c_j = 5000; ĉ_m = 1_001_105 ± 10 at c_m = 1_005_000: r = 1.0001. */
    private static final SyncExchange START = new SyncExchange(1000, 5000, 1010);
    private static final SyncExchange END = new SyncExchange(1_001_095, 1_005_000, 1_001_115);

    private final MinRttClockMap map = new MinRttClockMap(START, END);

    @Test
    void followsTheDesignFormulas() {
        assertEquals(1.0001, map.rate(0), 1e-15);
        assertEquals(15.0 / 1_000_000, map.rateHalfWidth(0), 1e-18);
        // Endpoints, middle, and extrapolation at σ = 2 and σ = −1.
        assertEquals(new TranslatedTimestamp(1005, 5), map.translate(5000));
        assertEquals(new TranslatedTimestamp(1_001_105, 10), map.translate(1_005_000));
        assertEquals(new TranslatedTimestamp(501_055, 7.5), map.translate(505_000));
        assertEquals(new TranslatedTimestamp(2_001_205, 25), map.translate(2_005_000));
        assertEquals(new TranslatedTimestamp(-999_095, 20), map.translate(-995_000));
        assertEquals(301_055, map.ticksSince(200_000, 505_000), 1e-9);
        ScaledDuration scaled = map.scale(105_000, -200_000);
        assertEquals(-200_020, scaled.valueTicks(), 1e-9);
        assertEquals(3, scaled.boundTicks(), 1e-12);
    }

    @Test
    void addsTheDriftTermOfTheDesign() {
        // ρ = 10 ppm of r = 1.0001: ρ·r·x·(T − x)/T inside the span T = 1_000_000, ρ·r times
        // the distance to the nearer exchange outside it (docs/design.md, "Drift between phases").
        MinRttClockMap drifting = new MinRttClockMap(START, END, 10e-6);
        double slopeVariation = 10e-6 * 1.0001;
        assertEquals(new TranslatedTimestamp(1005, 5), drifting.translate(5000));
        assertEquals(new TranslatedTimestamp(1_001_105, 10), drifting.translate(1_005_000));
        assertEquals(501_055, drifting.translateTicks(505_000));
        assertEquals(7.5 + slopeVariation * 250_000, drifting.boundTicks(505_000), 1e-9);
        assertEquals(25 + slopeVariation * 1_000_000, drifting.boundTicks(2_005_000), 1e-9);
        assertEquals(20 + slopeVariation * 1_000_000, drifting.boundTicks(-995_000), 1e-9);
        // 500_000 ticks inside the span: 500_000 · 500_000 / T.
        ScaledDuration inside = drifting.scale(205_000, 500_000);
        assertEquals(500_050, inside.valueTicks(), 1e-9);
        assertEquals(7.5 + slopeVariation * 250_000, inside.boundTicks(), 1e-9);
        // Half before the span (100_000 ticks at ρ·r each), half inside (100_000 · 900_000 / T).
        ScaledDuration across = drifting.scale(105_000, -200_000);
        assertEquals(3 + slopeVariation * 190_000, across.boundTicks(), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> new MinRttClockMap(START, END, -1e-6));
    }

    @Test
    void keepsHalfTicksOfTheMidpoint() {
        // ĉ_j = 1000.5: the unrounded estimate keeps the half, the rounded one rounds it up.
        MinRttClockMap half = new MinRttClockMap(new SyncExchange(1000, 0, 1001),
                new SyncExchange(2000, 1000, 2001));
        assertEquals(0.5, half.ticksSince(1000, 0), 0);
        assertEquals(1001, half.translateTicks(0));
        assertEquals(0.5, half.boundTicks(500), 0);
    }

    @Test
    void staysWithinATickOfTheExactValueNearTwoToTheSixtyTwo() {
        long base = (1L << 62) - 200_000_000_000_000L;
        // 10 hours at 5 GHz, source 150 ppm fast and 2^50 ticks behind the target.
        SyncExchange start = new SyncExchange(base, base - (1L << 50), base + 80_001);
        long run = 180_000_000_000_000L;
        SyncExchange end = new SyncExchange(base + run, base - (1L << 50) + run + run / 6667,
                base + run + 120_003);
        MinRttClockMap fast = new MinRttClockMap(start, end);
        ReferenceTranslation exact = new ReferenceTranslation(start, end);
        for (long x = start.b() - run; x < end.b() + run; x += run / 997) {
            long translated = fast.translateTicks(x);
            assertTrue(Math.abs(translated - exact.translateTicks(x)) <= 1, "at " + x);
            assertEquals(exact.boundTicks(x, MathContext.DECIMAL64).doubleValue(),
                    fast.boundTicks(x), 1e-6);
        }
    }

    @Test
    void needsTheLaterExchangeAnsweredLater() {
        InconsistentSyncException e = assertThrows(InconsistentSyncException.class,
                () -> new MinRttClockMap(END, START));
        assertTrue(e.getMessage().startsWith("the responder's clock did not advance"),
                e.getMessage());
    }
}
