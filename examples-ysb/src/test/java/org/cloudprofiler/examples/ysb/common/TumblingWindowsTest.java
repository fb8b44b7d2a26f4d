package org.cloudprofiler.examples.ysb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TumblingWindowsTest {
    private final TumblingWindows windows = new TumblingWindows(10, 3);

    @Test
    void aWindowStartsAtTheMultipleOfItsLengthAtOrBeforeTheEventAlsoBefore1970() {
        assertEquals(20, windows.startOf(20));
        assertEquals(20, windows.startOf(29));
        assertEquals(0, windows.startOf(9));
        assertEquals(-10, windows.startOf(-1));
        assertEquals(-10, windows.startOf(-10));
    }

    @Test
    void onlyTheRetainedWindowsTheNewestAmongThemTakeViews() {
        assertEquals(80, windows.oldestRetainedStart(100));
        assertFalse(windows.isLate(100, 100));
        assertFalse(windows.isLate(80, 100));
        assertTrue(windows.isLate(70, 100));
    }

    @Test
    void theBenchmarksWindowsAreTenSecondsWithAMinuteOfLateness() {
        assertEquals(10_000, TumblingWindows.YSB.windowMs());
        assertEquals(50_000, 100_000 - TumblingWindows.YSB.oldestRetainedStart(100_000));
    }

    @Test
    void emptyWindowsAndNoRetainedWindowIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TumblingWindows(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new TumblingWindows(10, 0));
    }
}
