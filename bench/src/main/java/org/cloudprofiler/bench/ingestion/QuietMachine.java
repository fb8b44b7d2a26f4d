package org.cloudprofiler.bench.ingestion;

import java.time.Duration;

/**
 * Waits, between runs, until the hypervisor stops taking this machine's CPU: on a shared VM
 * other guests take whole cores for minutes at a time, and a run started then measures them.
 * The machine is idle while it waits, so whatever is stolen is the neighbours' doing.
 */
public final class QuietMachine {
    /** A probe this long with at most this share stolen ends the wait. */
    public static final Duration PROBE = Duration.ofSeconds(5);
    public static final double MAX_IDLE_STOLEN_SHARE = 0.01;

    private QuietMachine() {}

    /**
     * Probes until one probe finds the machine quiet, or {@code maxWait} has passed; a zero
     * {@code maxWait} does not probe at all.
     *
     * @return how long it waited, and whether the machine was quiet at the end
     */
    public static Wait await(Duration maxWait) throws InterruptedException {
        if (maxWait.isZero()) {
            return new Wait(Duration.ZERO, true);
        }
        long startNs = System.nanoTime();
        long deadlineNs = startNs + maxWait.toNanos();
        while (true) {
            StolenCpu stolen = StolenCpu.start();
            Thread.sleep(PROBE.toMillis());
            double share = stolen.share();
            long nowNs = System.nanoTime();
            // Unknown (no /proc/stat) counts as quiet: nothing to wait for there.
            boolean quiet = !(share > MAX_IDLE_STOLEN_SHARE);
            if (quiet || nowNs - deadlineNs >= 0) {
                return new Wait(Duration.ofNanos(nowNs - startNs), quiet);
            }
        }
    }

    /**
     * @param waited from the first probe's start to the last probe's end
     * @param quiet whether the last probe found the machine quiet
     */
    public record Wait(Duration waited, boolean quiet) {}
}
