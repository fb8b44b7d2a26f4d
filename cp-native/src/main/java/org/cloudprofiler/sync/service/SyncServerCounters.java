package org.cloudprofiler.sync.service;

/**
 * Datagrams the sync server dropped or ignored, and registrations it accepted.
 *
 * @param malformed undecodable datagrams
 * @param oversized datagrams larger than any message of the protocol
 * @param wrongVersion datagrams of another protocol version (an agent of another release)
 * @param unauthenticated datagrams whose MAC does not verify: another secret, or altered
 * @param wrongSession authentic datagrams of another session (replays of an earlier one)
 * @param unexpected well-formed datagrams nobody asked for (late replies, replays)
 * @param registrations registrations accepted, repeats included
 * @param refused registrations refused: a node id live at another address, too many nodes
 */
public record SyncServerCounters(long malformed, long oversized, long wrongVersion,
        long unauthenticated, long wrongSession, long unexpected, long registrations,
        long refused) {}
