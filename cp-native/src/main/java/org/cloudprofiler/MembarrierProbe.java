package org.cloudprofiler;

import org.cloudprofiler.internal.NativeLibrary;

/**
 * Which {@code membarrier(2)} commands the kernel offers, for {@code cloudprofiler doctor}.
 * Closing a channel fences the threads still logging to it with one of them; without any,
 * every {@code logTS} fences itself instead. Thread-safe.
 */
public final class MembarrierProbe {

    /** {@code MEMBARRIER_CMD_GLOBAL}: correct but slow (waits for an RCU grace period). */
    public static final int CMD_GLOBAL = 1;

    /** {@code MEMBARRIER_CMD_PRIVATE_EXPEDITED}: what the core prefers (Linux 4.14+). */
    public static final int CMD_PRIVATE_EXPEDITED = 8;

    static {
        NativeLibrary.load();
    }

    private MembarrierProbe() {}

    /** The {@code MEMBARRIER_CMD_*} bits the kernel offers; 0 if the call is missing or blocked. */
    public static int commands() {
        return membarrierCommands0();
    }

    private static native int membarrierCommands0();
}
