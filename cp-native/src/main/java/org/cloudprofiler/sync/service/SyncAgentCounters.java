package org.cloudprofiler.sync.service;

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
 * @param badSweepFrames TCP sweep connections dropped: another token, or an absurd payload
 * @param clockWentBackwards own exchanges whose reply was read before the send (r &lt; s; a TSC
 *     not synchronised across this host's CPUs), counted as lost
 */
public record SyncAgentCounters(long malformed, long oversized, long wrongToken,
        long unexpected, long pingsAnswered, long exchangesCompleted, long exchangesLost,
        long sweepFramesAnswered, long badSweepFrames, long clockWentBackwards) {}
