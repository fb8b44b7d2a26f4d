package org.cloudprofiler.testing;

import java.io.IOException;
import java.net.ServerSocket;

/** Finds blocks of free TCP ports for JOF receivers. Stateless. */
public final class PortBlocks {

    private PortBlocks() {}

    /** A port p such that p .. p + count − 1 were free just now, below the ephemeral range. */
    public static int free(int count) {
        for (int base = 29_000; base < 32_000; base += count) {
            if (allFree(base, count)) {
                return base;
            }
        }
        throw new IllegalStateException("no " + count + " free ports from 29000");
    }

    private static boolean allFree(int base, int count) {
        for (int port = base; port < base + count; port++) {
            try {
                new ServerSocket(port).close();
            } catch (IOException taken) {
                return false;
            }
        }
        return true;
    }
}
