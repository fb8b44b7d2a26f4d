package org.cloudprofiler.sync.service.internal;

import org.cloudprofiler.sync.SyncExchange;

/**
 * The exchanges one ordered pair of nodes ran in a phase, as the native server reports them
 * (built in {@code sync_jni.cpp}; the C++ {@code PairResult}).
 *
 * @param from the initiator's index in the server's node list
 * @param to the responder's index in the server's node list
 * @param completed exchanges that completed
 * @param lost exchanges that timed out
 * @param min the completed exchange with the smallest round-trip time; null if none completed
 * @param all every completed exchange in the order taken, or empty unless kept on request
 * @param problem why the pair could not be measured; empty if it was
 */
public record PairResult(int from, int to, int completed, int lost, SyncExchange min,
        SyncExchange[] all, String problem) {}
