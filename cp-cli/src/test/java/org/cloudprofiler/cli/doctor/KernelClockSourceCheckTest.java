package org.cloudprofiler.cli.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cloudprofiler.ClockSource;
import org.junit.jupiter.api.Test;

/** Verdicts of the kernel clock source check. */
class KernelClockSourceCheckTest {

    private static CheckResult run(FakeMachine machine) {
        return new KernelClockSourceCheck().run(machine);
    }

    @Test
    void tscIsOk() {
        CheckResult result = run(new FakeMachine().file(KernelClockSourceCheck.CURRENT, "tsc\n"));

        assertEquals(Verdict.OK, result.verdict(), result.line());
        assertTrue(result.found().startsWith("tsc"), result.found());
    }

    @Test
    void anotherSourceWarnsWhyAndHowToSwitchWhenTscIsOffered() {
        CheckResult result = run(new FakeMachine()
                .file(KernelClockSourceCheck.CURRENT, "kvm-clock\n")
                .file(KernelClockSourceCheck.AVAILABLE, "kvm-clock tsc acpi_pm \n"));

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.found().contains("kvm-clock (available: kvm-clock tsc acpi_pm)"),
                result.found());
        assertTrue(result.fix().contains("CLOCK_MONOTONIC_RAW counts with kvm-clock"),
                result.fix());
        assertTrue(result.fix().contains("echo tsc > " + KernelClockSourceCheck.CURRENT),
                result.fix());
    }

    @Test
    void withoutTscOfferedTheFixIsAnotherHost() {
        CheckResult result = run(new FakeMachine()
                .file(KernelClockSourceCheck.CURRENT, "hpet\n")
                .file(KernelClockSourceCheck.AVAILABLE, "hpet acpi_pm\n"));

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.fix().contains("does not offer tsc"), result.fix());
    }

    @Test
    void aProfilerOnClockMonotonicRawDoesNotCare() {
        CheckResult result = run(new FakeMachine()
                .file(KernelClockSourceCheck.CURRENT, "arch_sys_counter\n")
                .clock(ClockSource.MONOTONIC_RAW, 1_000_000_000L));

        assertEquals(Verdict.OK, result.verdict(), result.line());
    }

    @Test
    void anUnreadableFileWarns() {
        CheckResult result = run(new FakeMachine());

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.found().startsWith("cannot read"), result.found());
    }
}
