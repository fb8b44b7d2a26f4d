package org.cloudprofiler.config.service;

/**
 * What the configuration server answered, changed and dropped since it started.
 *
 * @param received datagrams taken from the socket, oversized ones included
 * @param malformed undecodable datagrams
 * @param oversized datagrams larger than any message of the protocol
 * @param wrongToken datagrams carrying another token
 * @param unexpected well-formed datagrams a server never receives (replies)
 * @param queries channel queries answered
 * @param changes rule changes made, from clients and from the rules file
 * @param refusedChanges changes refused: a rule that does not parse, a glob with no rule
 * @param rejectedFiles versions of the rules file that did not parse (the rules stayed)
 */
public record ConfigServerCounters(long received, long malformed, long oversized, long wrongToken,
        long unexpected, long queries, long changes, long refusedChanges, long rejectedFiles) {

    /** Datagrams dropped for any reason. */
    public long dropped() {
        return malformed + oversized + wrongToken + unexpected;
    }
}
