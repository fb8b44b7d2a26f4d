package org.cloudprofiler.sync.service;

/**
 * What a sync agent dropped, ignored and did.
 *
 * @param malformed undecodable datagrams dropped
 * @param oversized datagrams larger than any message of the protocol, dropped
 * @param wrongVersion datagrams of another protocol version, dropped
 * @param unauthenticated datagrams whose MAC does not verify (another secret, or altered),
 *     dropped
 * @param wrongSession authentic datagrams of another session, dropped
 * @param replayed server requests seen before or older than the replay window, dropped
 * @param outOfBounds server requests beyond the agent's bounds (docs/sync-protocol.md), dropped
 * @param repeatedRequests repeats of the latest server request (retries): answered again from
 *     the kept reply, never acted on twice
 * @param unexpected well-formed datagrams out of place (late replies), ignored
 * @param pingsAnswered exchanges answered for other agents
 * @param exchangesCompleted own exchanges that completed
 * @param exchangesLost own exchanges that timed out
 * @param sweepFramesAnswered transfer-sweep payloads received and acknowledged for peers
 * @param badSweepFrames TCP sweep connections dropped: a wrong challenge answer, or an absurd
 *     payload
 * @param clockWentBackwards own exchanges whose reply was read before the send (r &lt; s; a TSC
 *     not synchronised across this host's CPUs), counted as lost
 */
public record SyncAgentCounters(long malformed, long oversized, long wrongVersion,
        long unauthenticated, long wrongSession, long replayed, long outOfBounds,
        long repeatedRequests, long unexpected, long pingsAnswered, long exchangesCompleted,
        long exchangesLost, long sweepFramesAnswered, long badSweepFrames,
        long clockWentBackwards) {}
