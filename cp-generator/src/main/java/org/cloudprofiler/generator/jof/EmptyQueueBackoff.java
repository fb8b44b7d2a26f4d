package org.cloudprofiler.generator.jof;

import java.util.concurrent.locks.LockSupport;

/**
 * How a consumer waits between polls of empty JOF queues: first in a spin, then between yields,
 * then every 50 µs; on a small machine a spinning consumer would take the
 * receivers' core. Stateless: the consumer counts its empty polls.
 */
public final class EmptyQueueBackoff {
    private static final int SPINS = 100;
    private static final int YIELDS = 100;
    private static final long PARK_NANOS = 50_000;

    private EmptyQueueBackoff() {}

    /** Waits a little after the {@code emptyPolls}-th empty poll in a row (from 1). */
    public static void idle(int emptyPolls) {
        if (emptyPolls <= SPINS) {
            Thread.onSpinWait();
        } else if (emptyPolls <= SPINS + YIELDS) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(PARK_NANOS);
        }
    }
}
