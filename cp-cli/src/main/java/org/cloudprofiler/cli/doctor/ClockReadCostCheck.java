package org.cloudprofiler.cli.doctor;

import org.cloudprofiler.ClockReadCost;
import org.cloudprofiler.ClockSource;

import java.util.Locale;

/**
 * What one timestamp costs: {@code rdtscp} (or {@code clock_gettime} where the profiler falls
 * back to it), timed natively in a tight loop. Every {@code logTS} pays it once.
 */
public final class ClockReadCostCheck implements DoctorCheck {

    public static final String NAME = "clock read cost";

    /**
     * Above this median a read is trapped or emulated: a native rdtscp takes 5–40 ns and a
     * vDSO clock_gettime 15–50 ns, while trapped reads take about a microsecond.
     */
    static final double SLOW_READ_NS = 200;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Machine machine) {
        ClockSource source = machine.profilerClockSource();
        ClockReadCost cost = machine.measureClockReadCost();
        boolean tsc = source == ClockSource.RDTSCP;
        String found = String.format(Locale.ROOT, "one %s: min %.1f ns, median %.1f ns",
                tsc ? "rdtscp" : "clock_gettime(CLOCK_MONOTONIC_RAW)", cost.minNs(),
                cost.medianNs());
        if (cost.medianNs() <= SLOW_READ_NS) {
            return CheckResult.ok(NAME, found);
        }
        if (tsc) {
            return CheckResult.warn(NAME, found, "an rdtscp this slow is trapped or emulated by the"
                    + " hypervisor (TSC scaling or migration support), and every logTS pays it;"
                    + " use an instance type or VM setting that lets the guest read the TSC"
                    + " directly");
        }
        return CheckResult.warn(NAME, found, "a clock_gettime this slow leaves the vDSO for a"
                + " system call because the kernel clock source cannot be read from user space;"
                + " switch it to tsc (see 'kernel clock source')");
    }
}
