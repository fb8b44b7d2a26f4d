package org.cloudprofiler.cli.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cloudprofiler.ClockSource;
import org.junit.jupiter.api.Test;

/** Verdicts of the clock read cost check, on given (not measured) costs. */
class ClockReadCostCheckTest {

    private static CheckResult run(FakeMachine machine) {
        return new ClockReadCostCheck().run(machine);
    }

    @Test
    void aNativeRdtscpIsOk() {
        CheckResult result = run(new FakeMachine().readCost(18.25, 19.5));

        assertEquals(Verdict.OK, result.verdict(), result.line());
        assertEquals("one rdtscp: min 18.3 ns, median 19.5 ns", result.found());
    }

    @Test
    void aTrappedRdtscpWarns() {
        CheckResult result = run(new FakeMachine().readCost(900, 1200));

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.fix().contains("hypervisor"), result.fix());
    }

    @Test
    void theThresholdIsOnTheMedian() {
        double slow = ClockReadCostCheck.SLOW_READ_NS;
        assertEquals(Verdict.OK, run(new FakeMachine().readCost(10, slow)).verdict());
        assertEquals(Verdict.WARN, run(new FakeMachine().readCost(10, slow + 1)).verdict());
    }

    @Test
    void theFallbackClockIsNamedAndASlowOnePointsAtTheClockSource() {
        CheckResult result = run(new FakeMachine()
                .clock(ClockSource.MONOTONIC_RAW, 1_000_000_000L).readCost(600, 650));

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.found().startsWith("one clock_gettime(CLOCK_MONOTONIC_RAW)"),
                result.found());
        assertTrue(result.fix().contains("kernel clock source"), result.fix());
    }
}
