package org.cloudprofiler.sync.translate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cloudprofiler.sync.SyncExchange;
import org.junit.jupiter.api.Test;

/** The hull on hand-computed polygons, and the data it must refuse. */
class HullClockMapTest {

    private static final SyncExchange START = new SyncExchange(1000, 5000, 1010);
    private static final SyncExchange END = new SyncExchange(1_001_095, 1_005_000, 1_001_115);

    @Test
    void twoExchangesGiveTheMinRttMap() {
        HullClockMap hull = new HullClockMap(List.of(START, END), List.of());
        assertEquals(new TranslatedTimestamp(501_055, 7.5), round(hull.translate(505_000)));
        assertEquals(1.0001, hull.rate(0), 1e-15);
        assertEquals(15.0 / 1_000_000, hull.rateHalfWidth(0), 1e-18);
    }

    @Test
    void aThirdExchangeTightensTheBound() {
        // In the middle, the map is known to ±7.5; an exchange there with δ = 2 cuts it to 2.
        SyncExchange middle = new SyncExchange(501_053, 505_000, 501_057);
        HullClockMap hull = new HullClockMap(List.of(START, middle, END), List.of());
        assertEquals(new TranslatedTimestamp(501_055, 2), round(hull.translate(505_000)));
    }

    @Test
    void reverseExchangesBoundTheMapToo() {
        // The source initiated: target 1005 happened at source [4995, 5005], 1_001_105 at
        // [1_004_990, 1_005_010]. Same midpoints as START and END, source-side half-widths.
        HullClockMap hull = new HullClockMap(List.of(), List.of(
                new SyncExchange(4995, 1005, 5005), new SyncExchange(1_004_990, 1_001_105,
                        1_005_010)));
        TranslatedTimestamp middle = hull.translate(505_000);
        assertEquals(501_055, middle.valueTicks());
        // δ of 5 and 10 source ticks, each worth ≈ 1.0001 target ticks.
        assertEquals(7.5, middle.boundTicks(), 0.01);
    }

    @Test
    void reportsExchangesNoLineFits() {
        SyncExchange drifted = new SyncExchange(3000, 2000, 3002);
        InconsistentSyncException e = assertThrows(InconsistentSyncException.class,
                () -> new HullClockMap(List.of(new SyncExchange(0, 0, 2),
                        new SyncExchange(1000, 1000, 1002), drifted), List.of()));
        assertTrue(e.getMessage().startsWith("no linear clock map satisfies every exchange:"
                + " the exchange " + drifted + " initiated by the target contradicts the ones"
                + " before it."), e.getMessage());
    }

    @Test
    void refusesExchangesThatDoNotBoundTheMap() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new HullClockMap(List.of(START), List.of()));
        assertTrue(e.getMessage().startsWith("the exchanges do not bound the clock map"),
                e.getMessage());
    }

    /** The bound to a thousandth of a tick, so that rounding in the hull compares equal. */
    private static TranslatedTimestamp round(TranslatedTimestamp translated) {
        return new TranslatedTimestamp(translated.valueTicks(),
                Math.round(translated.boundTicks() * 1000) / 1000.0);
    }
}
