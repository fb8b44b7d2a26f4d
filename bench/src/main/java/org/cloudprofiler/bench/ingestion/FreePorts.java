package org.cloudprofiler.bench.ingestion;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Finds loopback ports for the JOF receivers of a run, below the ephemeral range. */
public final class FreePorts {
    private static final int FIRST = 28_000;
    private static final int LAST = 32_000;

    // Runs move on through the range, so that no run binds the ports its predecessor just left.
    private static int next = FIRST;

    private FreePorts() {}

    /**
     * A port p such that p .. p + count − 1 were free on loopback just now.
     *
     * @throws IllegalStateException if the range has no such block
     */
    public static synchronized int block(int count) {
        for (int tried = 0; tried < LAST - FIRST; tried += count) {
            if (next + count > LAST) {
                next = FIRST;
            }
            int base = next;
            next += count;
            if (allFree(base, count)) {
                return base;
            }
        }
        throw new IllegalStateException("no " + count + " free loopback ports in " + FIRST + ".."
                + LAST);
    }

    private static boolean allFree(int base, int count) {
        for (int port = base; port < base + count; port++) {
            try {
                new ServerSocket(port, 1, InetAddress.getLoopbackAddress()).close();
            } catch (IOException taken) {
                return false;
            }
        }
        return true;
    }
}
