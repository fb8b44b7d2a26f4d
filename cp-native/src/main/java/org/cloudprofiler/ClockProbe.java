package org.cloudprofiler;

import org.cloudprofiler.internal.NativeLibrary;

/**
 * Diagnostics of the profiler's clock and the kernel's time keeping, for
 * {@code cloudprofiler doctor}; nothing here is on the profiling path. Thread-safe.
 */
public final class ClockProbe {

    static {
        NativeLibrary.load();
    }

    private ClockProbe() {}

    /** The clock every channel timestamps with in this process. */
    public static ClockSource clockSource() {
        return ClockSource.fromId(clockSource0());
    }

    /**
     * Times {@code batches} batches of {@code readsPerBatch} back-to-back reads of the profiler's
     * clock (what one {@code logTS} pays for its timestamp), converted to ns with
     * {@link CloudProfiler#tscHz()}. Busy for about {@code batches · readsPerBatch} reads.
     *
     * @throws IllegalArgumentException unless {@code batches} is 1..1000 and
     *     {@code readsPerBatch} 1..10,000,000
     */
    public static ClockReadCost measureReadCost(int batches, int readsPerBatch) {
        return measureReadCost0(batches, readsPerBatch);
    }

    /**
     * The kernel's NTP state, read with {@code ntp_adjtime(2)} without changing it.
     *
     * @throws CloudProfilerException if the kernel refuses the call (the message names errno)
     */
    public static KernelTimeStatus kernelTimeStatus() {
        return kernelTimeStatus0();
    }

    private static native int clockSource0();

    private static native ClockReadCost measureReadCost0(int batches, int readsPerBatch);

    private static native KernelTimeStatus kernelTimeStatus0();
}
