package org.cloudprofiler.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.junit.jupiter.api.Test;

/**
 * One hop's samples at one locality: unbounded ones only counted, those below zero told apart
 * by their bound (negative within it, violating beyond it), per task for a compute hop.
 */
class HopCellTest {

    private static final long WINDOW_NS = 1_000_000_000L;

    private static BoundedDuration sample(double latencyNs, double boundNs) {
        return new BoundedDuration(latencyNs, boundNs, "SYNCED");
    }

    @Test
    void anUnboundedSampleIsCountedWithItsPathButGivesNoNumber() {
        HopCell cell = new HopCell(WINDOW_NS);

        cell.add(BoundedDuration.unbounded(), 1, 0, -1);
        cell.add(sample(50, 5), 2, 0, -1);

        assertEquals(1, cell.unbounded());
        assertEquals(1, cell.bounded());
        assertEquals(50, cell.latencyNs().min(), 0);
        assertEquals(Map.of(BoundedDuration.UNSYNCHRONIZED, 1L, "SYNCED", 1L), cell.paths());
    }

    @Test
    void belowZeroWithinTheBoundIsNegativeBeyondItAViolation() {
        HopCell cell = new HopCell(WINDOW_NS);

        cell.add(sample(-30, 40), 1, 0, -1);
        cell.add(sample(-35, 35), 2, 0, -1);
        cell.add(sample(-50, 10), 3, 0, -1);
        cell.add(sample(-45, 1), 4, 0, -1);

        assertEquals(2, cell.negative());
        assertEquals(new TupleDuration(2, -35, 35), cell.mostNegative());
        assertEquals(2, cell.violating());
        // -45 ± 1 reaches at most -44, further below zero than -50 ± 10 (-40).
        assertEquals(new TupleDuration(4, -45, 1), cell.worstViolation());
        assertEquals(4, cell.bounded());
    }

    @Test
    void mergingKeepsTheWorstOfBoth() {
        HopCell first = new HopCell(WINDOW_NS);
        first.add(sample(-10, 20), 1, 0, -1);
        first.add(sample(-20, 5), 2, 0, -1);
        HopCell second = new HopCell(WINDOW_NS);
        second.add(sample(-15, 20), 3, 0, -1);
        second.add(sample(-12, 5), 4, 0, -1);
        second.add(BoundedDuration.unbounded(), 5, 0, -1);

        first.merge(second);

        assertEquals(2, first.negative());
        assertEquals(new TupleDuration(3, -15, 20), first.mostNegative());
        assertEquals(2, first.violating());
        assertEquals(new TupleDuration(2, -20, 5), first.worstViolation());
        assertEquals(4, first.bounded());
        assertEquals(1, first.unbounded());
    }

    @Test
    void aComputeHopsSamplesAreAlsoKeptPerTask() {
        HopCell cell = new HopCell(WINDOW_NS);

        cell.add(sample(100, 1), 1, 0, 3);
        cell.add(sample(300, 2), 2, 0, 3);
        cell.add(sample(200, 1), 3, 0, 0);
        cell.add(sample(900, 1), 4, 0, -1);

        // Task 0 is a task (a Flink subtask index); -1 is a hop between tasks.
        assertEquals(List.of(0, 3), List.copyOf(cell.tasks().keySet()));
        assertEquals(2, cell.tasks().get(3).latencyNs().totalCount());
        assertEquals(300, cell.tasks().get(3).latencyNs().max(), 0);
        assertEquals(4, cell.bounded());
    }

    @Test
    void aSampleWithoutAStartTimeIsInNoWindow() {
        HopCell cell = new HopCell(WINDOW_NS);

        cell.add(sample(100, 1), 1, Double.NaN, -1);
        cell.add(sample(200, 1), 2, 1.5 * WINDOW_NS, -1);

        assertEquals(2, cell.bounded());
        assertEquals(List.of(1L), List.copyOf(cell.overTime().windows().keySet()));
        assertNull(cell.overTime().windows().get(0L));
    }
}
