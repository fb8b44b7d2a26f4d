package org.cloudprofiler.sync.service;

/**
 * Datagrams the sync server dropped or ignored, and registrations it accepted.
 *
 * @param malformed undecodable datagrams
 * @param oversized datagrams larger than any message of the protocol
 * @param wrongToken datagrams carrying another token
 * @param unexpected well-formed datagrams nobody asked for (late replies)
 * @param registrations registrations accepted, repeats included
 * @param refused registrations refused: a node id live at another address, too many nodes
 */
public record SyncServerCounters(long malformed, long oversized, long wrongToken,
        long unexpected, long registrations, long refused) {}
