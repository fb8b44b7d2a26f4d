package org.cloudprofiler.config.service.internal;

/**
 * The request ids a receiver has taken within one session: ids must advance, and one that is
 * older than the 64 latest, or already taken, is a replay (the sliding window of IPsec's
 * anti-replay check, RFC 4303 3.4.3). Not thread-safe: one per session, used by one thread.
 */
public final class ReplayWindow {
    /** How far behind the highest id a late id may still be taken. */
    public static final int SIZE = 64;

    private long highest;  // unsigned request ids, widened
    private long seen;     // bit i: id highest - i was taken

    /** Takes {@code requestId} if it was never taken and is not too old; false for a replay. */
    public boolean take(int requestId) {
        long id = Integer.toUnsignedLong(requestId);
        if (id > highest) {
            long shift = id - highest;
            seen = (shift >= SIZE ? 0 : seen << shift) | 1;
            highest = id;
            return true;
        }
        long behind = highest - id;
        if (behind >= SIZE || (seen >>> behind & 1) != 0) {
            return false;
        }
        seen |= 1L << behind;
        return true;
    }
}
