package org.cloudprofiler.sync;

/**
 * What a sync agent dropped, ignored and did.
 *
 * @param malformed undecodable datagrams dropped
 * @param oversized datagrams larger than any message of the protocol, dropped
 * @param wrongToken datagrams carrying another token, dropped
 * @param unexpected well-formed datagrams out of place (late replies), ignored
 * @param pingsAnswered exchanges answered for other agents
 * @param exchangesCompleted own exchanges that completed
 * @param exchangesLost own exchanges that timed out
 * @param sweepFramesAnswered transfer-sweep payloads received and acknowledged for peers
 * @param badSweepFrames TCP connections dropped for announcing an absurd payload
 */
public record SyncAgentCounters(long malformed, long oversized, long wrongToken,
        long unexpected, long pingsAnswered, long exchangesCompleted, long exchangesLost,
        long sweepFramesAnswered, long badSweepFrames) {}
