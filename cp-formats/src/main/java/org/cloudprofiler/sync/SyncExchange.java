package org.cloudprofiler.sync;

/**
 * One A→B→A exchange: the initiator A read {@code s} just before sending, the responder B read
 * {@code b} when the request arrived, and A read {@code r} just after the reply arrived. B's
 * reading therefore happened at some A-time in {@code [s, r]}.
 *
 * @param s initiator's clock before sending, ticks
 * @param b responder's clock on receipt, ticks
 * @param r initiator's clock after the reply, ticks
 */
public record SyncExchange(long s, long b, long r) {

    public SyncExchange {
        if (r < s) {
            throw new IllegalArgumentException(
                    "exchange reply r=" + r + " precedes its send s=" + s);
        }
    }

    /** Round-trip time on the initiator's clock, ticks. */
    public long rttTicks() {
        return r - s;
    }
}
