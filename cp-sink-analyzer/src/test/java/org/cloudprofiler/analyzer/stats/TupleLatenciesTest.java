package org.cloudprofiler.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.junit.jupiter.api.Test;

/** One tuple's latency per hop: its largest bounded sample, with that sample's bound. */
class TupleLatenciesTest {

    private static BoundedDuration bounded(double latencyNs, double boundNs) {
        return new BoundedDuration(latencyNs, boundNs, "SAME_NODE_REFERENCE");
    }

    @Test
    void eachHopKeepsItsLargestSampleWithThatSamplesBound() {
        TupleLatencies tuple = new TupleLatencies(2);

        tuple.record(1, bounded(-40, 100));
        tuple.record(1, bounded(250, 7));
        tuple.record(1, bounded(90, 1000));

        assertFalse(tuple.has(0));
        assertTrue(tuple.has(1));
        assertEquals(250, tuple.latencyNs(1), 0);
        assertEquals(7, tuple.boundNs(1), 0);
    }

    @Test
    void aFirstSampleBelowZeroIsKept() {
        TupleLatencies tuple = new TupleLatencies(1);

        tuple.record(0, bounded(-40, 100));

        assertTrue(tuple.has(0));
        assertEquals(-40, tuple.latencyNs(0), 0);
    }

    @Test
    void anUnboundedSampleIsNoLatency() {
        TupleLatencies tuple = new TupleLatencies(1);

        tuple.record(0, BoundedDuration.unbounded());
        assertFalse(tuple.has(0));
        tuple.record(0, bounded(10, 1));
        tuple.record(0, new BoundedDuration(1e9, Double.POSITIVE_INFINITY, "UNSYNCHRONIZED"));

        assertEquals(10, tuple.latencyNs(0), 0);
    }

    @Test
    void clearingForgetsThePreviousTuple() {
        TupleLatencies tuple = new TupleLatencies(1);
        tuple.record(0, bounded(500, 1));

        tuple.clear();
        tuple.record(0, bounded(20, 2));

        assertEquals(20, tuple.latencyNs(0), 0);
        assertEquals(2, tuple.boundNs(0), 0);
    }
}
