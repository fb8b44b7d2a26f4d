package org.cloudprofiler.cli.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cloudprofiler.ClockSource;
import org.junit.jupiter.api.Test;

/** Verdicts of the invariant-TSC check for the CPU flags and clock choices it can meet. */
class InvariantTscCheckTest {

    private static final String INVARIANT = cpuinfo("fpu tsc rdtscp constant_tsc nonstop_tsc");

    private static String cpuinfo(String flags) {
        return "processor\t: 0\nmodel name\t: Test CPU\nflags\t\t: " + flags
                + "\n\nprocessor\t: 1\nflags\t\t: " + flags + "\n";
    }

    private static CheckResult run(FakeMachine machine) {
        return new InvariantTscCheck().run(machine);
    }

    @Test
    void invariantTscReadWithRdtscpIsOk() {
        CheckResult result = run(new FakeMachine().file(InvariantTscCheck.CPUINFO, INVARIANT)
                .clock(ClockSource.RDTSCP, 2_100_000_000L));

        assertEquals(Verdict.OK, result.verdict(), result.line());
        assertTrue(result.found().contains("constant_tsc, nonstop_tsc"), result.found());
        assertTrue(result.found().contains("rdtscp at 2.100 GHz"), result.found());
    }

    @Test
    void missingNonstopTscWithTheFallbackClockWarns() {
        CheckResult result = run(new FakeMachine()
                .file(InvariantTscCheck.CPUINFO, cpuinfo("fpu tsc constant_tsc"))
                .clock(ClockSource.MONOTONIC_RAW, 1_000_000_000L));

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.found().contains("no nonstop_tsc"), result.found());
        assertTrue(result.found().contains("CLOCK_MONOTONIC_RAW"), result.found());
        assertTrue(result.fix().contains("+invtsc"), result.fix());
    }

    @Test
    void rdtscpWithoutAnInvariantTscFails() {
        CheckResult result = run(new FakeMachine()
                .file(InvariantTscCheck.CPUINFO, cpuinfo("fpu tsc"))
                .clock(ClockSource.RDTSCP, 2_000_000_000L));

        assertEquals(Verdict.FAIL, result.verdict(), result.line());
        assertTrue(result.found().contains("no constant_tsc, no nonstop_tsc"), result.found());
    }

    @Test
    void anUncalibratedTscFails() {
        CheckResult result = run(new FakeMachine().file(InvariantTscCheck.CPUINFO, INVARIANT)
                .clock(ClockSource.RDTSCP, 0));

        assertEquals(Verdict.FAIL, result.verdict(), result.line());
        assertTrue(result.fix().contains("frequency"), result.fix());
    }

    @Test
    void aCpuWithoutX86FlagsWarnsThatTheProfilerFallsBack() {
        CheckResult result = run(new FakeMachine()
                .file(InvariantTscCheck.CPUINFO, "processor\t: 0\nFeatures\t: fp asimd\n")
                .clock(ClockSource.MONOTONIC_RAW, 1_000_000_000L));

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.found().startsWith("no x86 CPU flags"), result.found());
    }

    @Test
    void anInvariantTscTheProfilerDoesNotUseWarns() {
        CheckResult result = run(new FakeMachine().file(InvariantTscCheck.CPUINFO, INVARIANT)
                .clock(ClockSource.MONOTONIC_RAW, 1_000_000_000L));

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.fix().contains("report this"), result.fix());
    }

    @Test
    void anUnreadableCpuinfoIsSaid() {
        CheckResult result =
                run(new FakeMachine().clock(ClockSource.MONOTONIC_RAW, 1_000_000_000L));

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.found().startsWith("cannot read /proc/cpuinfo"), result.found());
    }
}
