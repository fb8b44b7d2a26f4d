package org.cloudprofiler.sync;

import java.util.List;

/**
 * The exchanges node {@code from} ran with node {@code to} in one phase: {@code s} and {@code r}
 * are on {@code from}'s clock, {@code b} on {@code to}'s.
 *
 * @param from the initiator
 * @param to the responder
 * @param exchanges exchanges that completed
 * @param lost exchanges that timed out (request or reply lost)
 * @param min the completed exchange with the smallest round-trip time
 * @param all every completed exchange in the order taken, or empty unless kept on request
 */
public record PairMeasurement(
        String from, String to, int exchanges, int lost, SyncExchange min,
        List<SyncExchange> all) {

    public PairMeasurement {
        all = List.copyOf(all);
    }
}
