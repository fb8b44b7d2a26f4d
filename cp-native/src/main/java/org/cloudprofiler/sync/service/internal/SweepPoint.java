package org.cloudprofiler.sync.service.internal;

/**
 * One payload size of a transfer sweep, as the native server reports it (built in
 * {@code sync_jni.cpp}; the C++ {@code SweepPoint}).
 *
 * @param payloadBytes bytes sent
 * @param completed repetitions that finished
 * @param minTicks the fastest of them, ticks of the initiator's clock
 */
public record SweepPoint(int payloadBytes, int completed, long minTicks) {}
