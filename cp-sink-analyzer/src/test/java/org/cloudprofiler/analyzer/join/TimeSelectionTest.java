package org.cloudprofiler.analyzer.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TimeSelectionTest {

    @Test
    void aToNotAfterFromIsRefusedWithBothInSeconds() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new TimeSelection(5_000_000_000L, 1_500_000_000L, 1_000_000_000L));

        assertEquals("--to (1.5 s) must be later than --from (5 s): both count from the run's"
                + " start", refused.getMessage());
    }

    @Test
    void aRangeTakesItsStartAndLeavesItsEndAndUnknownTimes() {
        TimeSelection selection = new TimeSelection(5, 10, 1_000_000);

        assertTrue(selection.contains(5));
        assertFalse(selection.contains(10));
        assertFalse(selection.contains(Double.NaN));
        assertTrue(TimeSelection.WHOLE_RUN.contains(Double.NaN));
    }
}
