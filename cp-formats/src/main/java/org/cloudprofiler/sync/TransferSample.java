package org.cloudprofiler.sync;

/**
 * The fastest transfer of one payload size seen in a sweep.
 *
 * @param payloadBytes bytes sent
 * @param repetitions transfers tried at this size
 * @param minNs the smallest time from the first byte sent to the receiver's acknowledgement, ns
 */
public record TransferSample(int payloadBytes, int repetitions, double minNs) {}
