package org.cloudprofiler.cli.doctor;

import org.cloudprofiler.ClockSource;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Whether the CPU advertises an invariant TSC ({@code constant_tsc} and {@code nonstop_tsc} in
 * {@code /proc/cpuinfo}), and which clock the profiler chose.
 */
public final class InvariantTscCheck implements DoctorCheck {

    public static final String NAME = "invariant TSC";

    static final String CPUINFO = "/proc/cpuinfo";

    private static final List<String> INVARIANT_FLAGS = List.of("constant_tsc", "nonstop_tsc");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Machine machine) {
        Optional<String> cpuinfo = machine.readFile(CPUINFO);
        Optional<Set<String>> flags = cpuinfo.flatMap(InvariantTscCheck::flags);
        boolean invariant = flags.isPresent() && flags.get().containsAll(INVARIANT_FLAGS);
        ClockSource source = machine.profilerClockSource();
        long hz = machine.profilerClockHz();
        String found;
        if (flags.isPresent()) {
            found = INVARIANT_FLAGS.stream()
                    .map(flag -> flags.get().contains(flag) ? flag : "no " + flag)
                    .collect(Collectors.joining(", "));
        } else {
            found = (cpuinfo.isPresent() ? "no x86 CPU flags in " : "cannot read ") + CPUINFO;
        }
        found += "; profiler clock: " + (source == ClockSource.RDTSCP
                ? String.format(Locale.ROOT, "rdtscp at %.3f GHz", hz / 1e9)
                : source.displayName());

        if (source == ClockSource.RDTSCP) {
            if (hz <= 0) {
                return CheckResult.fail(NAME, found, "the profiler could not measure the TSC"
                        + " frequency, so ticks cannot become ns; check that CLOCK_MONOTONIC_RAW"
                        + " advances (see 'kernel clock source') and run again");
            }
            if (!invariant) {
                return CheckResult.fail(NAME, found, "without an invariant TSC, timestamps of"
                        + " different cores or across CPU sleep states disagree; run on a CPU or"
                        + " VM type that exposes one (KVM: -cpu host,+invtsc), and report this:"
                        + " the profiler should have fallen back to CLOCK_MONOTONIC_RAW");
            }
            return CheckResult.ok(NAME, found);
        }
        String cost = "latency bounds still hold, but every timestamp costs a clock_gettime call"
                + " instead of an rdtscp";
        if (invariant) {
            return CheckResult.warn(NAME, found,
                    cost + "; on x86_64 the profiler should have chosen rdtscp, so report this");
        }
        return CheckResult.warn(NAME, found, cost + "; for the TSC, run on an x86_64 CPU or VM"
                + " type that advertises constant_tsc and nonstop_tsc (KVM: -cpu host,+invtsc)");
    }

    /** The flags of the first CPU listed, or empty where there are none (not x86). */
    private static Optional<Set<String>> flags(String cpuinfo) {
        return cpuinfo.lines()
                .filter(line -> line.startsWith("flags") && line.contains(":"))
                .findFirst()
                .map(line -> Arrays.stream(line.substring(line.indexOf(':') + 1).trim()
                        .split("\\s+")).collect(Collectors.toSet()));
    }
}
