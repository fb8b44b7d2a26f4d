package org.cloudprofiler.cli.doctor;

import org.cloudprofiler.ClockSource;

import java.util.List;
import java.util.Optional;

/**
 * The kernel's clock source, which {@code CLOCK_MONOTONIC_RAW} counts with: the profiler pairs
 * its TSC with that clock at channel open and close.
 */
public final class KernelClockSourceCheck implements DoctorCheck {

    public static final String NAME = "kernel clock source";

    static final String CURRENT =
            "/sys/devices/system/clocksource/clocksource0/current_clocksource";

    static final String AVAILABLE =
            "/sys/devices/system/clocksource/clocksource0/available_clocksource";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Machine machine) {
        Optional<String> current = machine.readFile(CURRENT).map(String::strip);
        if (current.isEmpty() || current.get().isEmpty()) {
            return CheckResult.warn(NAME, "cannot read " + CURRENT, "check it by hand with 'cat "
                    + CURRENT + "': doctor cannot tell whether CLOCK_MONOTONIC_RAW counts with"
                    + " the TSC");
        }
        String clocksource = current.get();
        if (clocksource.equals("tsc")) {
            return CheckResult.ok(NAME,
                    "tsc: CLOCK_MONOTONIC_RAW counts with the TSC the profiler reads");
        }
        String available = machine.readFile(AVAILABLE).map(String::strip).orElse("");
        String found = clocksource + (available.isEmpty() ? "" : " (available: " + available + ")");
        // Where the profiler itself reads CLOCK_MONOTONIC_RAW, its pairs compare a clock with
        // itself, whatever counter the kernel uses.
        if (machine.profilerClockSource() == ClockSource.MONOTONIC_RAW) {
            return CheckResult.ok(NAME,
                    found + "; the profiler clock is CLOCK_MONOTONIC_RAW itself");
        }
        String why = "CLOCK_MONOTONIC_RAW counts with " + clocksource + ", not the TSC, so the"
                + " TSC/CLOCK_MONOTONIC_RAW pairs taken at channel open and close relate two"
                + " counters that can drift apart and are read with more jitter";
        if (List.of(available.split("\\s+")).contains("tsc")) {
            return CheckResult.warn(NAME, found, why + "; as root: echo tsc > " + CURRENT
                    + " (add clocksource=tsc to the kernel command line to keep it)");
        }
        return CheckResult.warn(NAME, found, why + "; this kernel does not offer tsc (it judged the"
                + " TSC unstable, see 'dmesg | grep -i tsc'), so run on a host whose kernel does");
    }
}
