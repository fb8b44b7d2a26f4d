package org.cloudprofiler.cli.doctor;

import org.cloudprofiler.ClockReadCost;
import org.cloudprofiler.ClockSource;
import org.cloudprofiler.KernelTimeStatus;

import java.time.Duration;
import java.util.Optional;

/**
 * Everything doctor checks look at on a machine: files, external programs and the native
 * library's measurements. {@link LocalMachine} is the real one; tests substitute fakes.
 */
public interface Machine {

    /** The contents of a file such as {@code /proc/cpuinfo}; empty if it cannot be read. */
    Optional<String> readFile(String path);

    /**
     * Runs a program directly (no shell), waiting at most {@code timeout} and killing it after
     * that. Never throws: a missing program is {@link CommandOutput.Outcome#NOT_FOUND}.
     */
    CommandOutput run(Duration timeout, String... command);

    /** The clock the profiler timestamps with in this process. */
    ClockSource profilerClockSource();

    /** Ticks per second of the profiler's clock. */
    long profilerClockHz();

    /** The cost of one read of the profiler's clock, measured natively. */
    ClockReadCost measureClockReadCost();

    /** The kernel's NTP state; throws if the kernel refuses to tell. */
    KernelTimeStatus kernelTimeStatus();

    /** The {@code membarrier(2)} commands the kernel offers; 0 for none. */
    int membarrierCommands();
}
