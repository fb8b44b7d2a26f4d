package org.cloudprofiler.sync.service.internal;

/**
 * The transfer sweep one ordered pair of nodes ran, as the native server reports it (built in
 * {@code sync_jni.cpp}; the C++ {@code SweepResult}).
 *
 * @param from the initiator's index in the server's node list
 * @param to the responder's index in the server's node list
 * @param points one per payload size tried, in the order tried
 * @param problem what failed; empty if nothing did
 */
public record SweepResult(int from, int to, SweepPoint[] points, String problem) {}
