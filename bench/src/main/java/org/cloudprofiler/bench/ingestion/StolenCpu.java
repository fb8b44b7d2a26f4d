package org.cloudprofiler.bench.ingestion;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The share of this machine's CPU time that the hypervisor gave to other guests ("steal" in
 * /proc/stat) over an interval. On a shared VM it comes in bursts that take whole cores for
 * seconds; a run measured through one says nothing about the software. Not thread-safe.
 */
public final class StolenCpu {
    private static final Path PROC_STAT = Path.of("/proc/stat");
    // Columns of the "cpu" line: user nice system idle iowait irq softirq steal ...
    private static final int STEAL_COLUMN = 8;

    private final long[] startTicks;

    private StolenCpu(long[] startTicks) {
        this.startTicks = startTicks;
    }

    /** Starts measuring now. */
    public static StolenCpu start() {
        return new StolenCpu(ticks());
    }

    /** Stolen ticks over all ticks since {@link #start()}; NaN where /proc/stat is unreadable. */
    public double share() {
        long[] endTicks = ticks();
        if (startTicks == null || endTicks == null) {
            return Double.NaN;
        }
        long stolen = endTicks[1] - startTicks[1];
        long all = endTicks[0] - startTicks[0];
        return all <= 0 ? 0 : (double) stolen / all;
    }

    /** {all ticks, stolen ticks} of the machine so far, or null. */
    private static long[] ticks() {
        try {
            for (String line : Files.readAllLines(PROC_STAT)) {
                if (line.startsWith("cpu ")) {
                    String[] columns = line.trim().split("\\s+");
                    long all = 0;
                    // Guest time is already counted in user and nice.
                    for (int i = 1; i < Math.min(columns.length, STEAL_COLUMN + 1); i++) {
                        all += Long.parseLong(columns[i]);
                    }
                    long steal = columns.length > STEAL_COLUMN
                            ? Long.parseLong(columns[STEAL_COLUMN]) : 0;
                    return new long[] {all, steal};
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or a /proc we do not understand: the share is unknown.
        }
        return null;
    }
}
