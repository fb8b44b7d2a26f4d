package org.cloudprofiler.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.element.Payloads;
import org.cloudprofiler.analyzer.join.Hop;
import org.cloudprofiler.analyzer.join.HopKind;
import org.cloudprofiler.analyzer.join.Locality;
import org.cloudprofiler.analyzer.join.TupleEnding;
import org.cloudprofiler.analyzer.join.TupleEnding.Reason;
import org.junit.jupiter.api.Test;

/**
 * The statistics a join subtask emits: samples per hop and locality, tuple counts by how they
 * ended; merged on the client, and carried as a payload.
 */
class HopStatisticsTest {

    private static final TupleEnding ENDED_AT_BOLT = new TupleEnding(Reason.ENDED_AT, "bolt",
            null);
    private static final TupleEnding NOT_REACHED = new TupleEnding(Reason.NOT_REACHED, "spout",
            "bolt");
    private static final TailPaths PATHS = TailPaths.of(List.of(
            new Hop(0, HopKind.TRANSFER, "spout -> sink", "spout", "sink"),
            new Hop(1, HopKind.END_TO_END, "spout => sink", "spout", "sink")));

    private static BoundedDuration bounded(double latencyNs) {
        return new BoundedDuration(latencyNs, 5, "SAME_NODE_REFERENCE");
    }

    /** A subtask's statistics: {@code latencies} of hop 0 on one node, and its tuple counts. */
    private static HopStatistics subtask(double... latencies) {
        HopStatistics statistics = new HopStatistics(2);
        for (double latencyNs : latencies) {
            statistics.add(0, Locality.LOCAL, bounded(latencyNs), 1, Double.NaN, -1);
            statistics.countComplete(3);
        }
        return statistics;
    }

    @Test
    void countsTuplesByHowTheyEndedAndTheirRecords() {
        HopStatistics statistics = new HopStatistics(2);

        statistics.countComplete(3);
        statistics.countComplete(3);
        statistics.countTimedOut(ENDED_AT_BOLT, 2);
        statistics.countTimedOut(NOT_REACHED, 1);
        statistics.countTimedOut(ENDED_AT_BOLT, 2);

        assertEquals(2, statistics.completeTuples());
        assertEquals(3, statistics.timedOutTuples());
        assertEquals(Map.of(ENDED_AT_BOLT, 2L, NOT_REACHED, 1L), statistics.timedOutByEnding());
        assertEquals(3 + 3 + 2 + 1 + 2, statistics.events());
    }

    @Test
    void onlyCountedTuplesMakeStatisticsNonEmpty() {
        HopStatistics statistics = new HopStatistics(2);
        assertTrue(statistics.isEmpty());

        statistics.countTimedOut(NOT_REACHED, 1);

        assertFalse(statistics.isEmpty());
        assertFalse(subtask(10).isEmpty());
    }

    @Test
    void samplesGoToTheCellOfTheirHopAndLocality() {
        HopStatistics statistics = new HopStatistics(2);

        statistics.add(1, Locality.REMOTE, bounded(70), 9, Double.NaN, -1);
        statistics.add(1, Locality.REMOTE, BoundedDuration.unbounded(), 10, Double.NaN, -1);

        assertNull(statistics.get(0, Locality.REMOTE));
        assertNull(statistics.get(1, Locality.LOCAL));
        assertEquals(1, statistics.get(1, Locality.REMOTE).bounded());
        assertEquals(1, statistics.get(1, Locality.REMOTE).unbounded());
    }

    @Test
    void mergingAddsTheOtherSubtasksSamplesCountsAndTail() {
        HopStatistics first = subtask(100, 200);
        first.countTimedOut(ENDED_AT_BOLT, 2);
        HopStatistics second = subtask(300);
        second.add(0, Locality.REMOTE, bounded(-20), 4, Double.NaN, -1);
        second.countTimedOut(ENDED_AT_BOLT, 1);
        second.countTimedOut(NOT_REACHED, 1);
        TupleLatencies slow = new TupleLatencies(2);
        slow.record(0, bounded(300));
        slow.record(1, bounded(300));
        second.addToTail(PATHS, slow);

        first.merge(second);

        assertEquals(3, first.completeTuples());
        assertEquals(Map.of(ENDED_AT_BOLT, 2L, NOT_REACHED, 1L), first.timedOutByEnding());
        assertEquals(3 * 3 + 2 + 1 + 1, first.events());
        HopCell local = first.get(0, Locality.LOCAL);
        assertEquals(3, local.bounded());
        assertEquals(100, local.latencyNs().min(), 0);
        assertEquals(300, local.latencyNs().max(), 0);
        assertEquals(1, first.get(0, Locality.REMOTE).violating());
        assertEquals(1, first.tail().tail(0).ofTuples());
    }

    @Test
    void mergingEmptyStatisticsChangesNothing() {
        HopStatistics statistics = subtask(100);

        statistics.merge(new HopStatistics(2));

        assertEquals(1, statistics.completeTuples());
        assertEquals(1, statistics.get(0, Locality.LOCAL).bounded());
        assertNull(statistics.get(1, Locality.LOCAL));
        assertNull(statistics.tail());
    }

    @Test
    void everyFigureSurvivesThePayloadEncoding() {
        HopStatistics statistics = subtask(100, 250);
        statistics.countTimedOut(NOT_REACHED, 1);

        HopStatistics decoded = Payloads.decode(Payloads.encode(statistics), HopStatistics.class);

        assertEquals(2, decoded.completeTuples());
        assertEquals(Map.of(NOT_REACHED, 1L), decoded.timedOutByEnding());
        assertEquals(7, decoded.events());
        assertEquals(250, decoded.get(0, Locality.LOCAL).latencyNs().max(), 0);
        assertEquals(Map.of("SAME_NODE_REFERENCE", 2L), decoded.get(0, Locality.LOCAL).paths());
    }
}
