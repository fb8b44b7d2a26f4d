package org.cloudprofiler.config.service;

/**
 * What the configuration server answered, changed and dropped since it started.
 *
 * @param received datagrams taken from the socket, oversized ones included
 * @param malformed undecodable datagrams
 * @param oversized datagrams larger than any message of the protocol
 * @param wrongVersion datagrams of another protocol version (another cloudprofiler release)
 * @param unauthenticated datagrams whose MAC does not verify: another secret, or altered
 * @param wrongSession authentic requests of a session this server did not open (or closed)
 * @param replayed authentic requests whose id was served before or is too old: replays
 * @param repeatedRequests repeats of a session's latest request (retries): answered again from
 *     the kept reply, never acted on twice
 * @param unexpected well-formed datagrams a server never receives (replies)
 * @param sessionsOpened client sessions opened (one per authentic {@code HELLO})
 * @param queries channel queries answered
 * @param changes rule changes made, from clients and from the rules file
 * @param refusedChanges changes refused: a rule that does not parse, a glob with no rule
 * @param rejectedFiles versions of the rules file that did not parse (the rules stayed)
 */
public record ConfigServerCounters(long received, long malformed, long oversized,
        long wrongVersion, long unauthenticated, long wrongSession, long replayed,
        long repeatedRequests, long unexpected, long sessionsOpened, long queries, long changes,
        long refusedChanges, long rejectedFiles) {

    /** Datagrams dropped for any reason. */
    public long dropped() {
        return malformed + oversized + wrongVersion + unauthenticated + wrongSession + replayed
                + unexpected;
    }
}
