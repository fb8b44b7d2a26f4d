package org.cloudprofiler.cli.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cloudprofiler.CloudProfilerException;
import org.cloudprofiler.KernelTimeStatus;
import org.junit.jupiter.api.Test;

import java.util.List;

/** Verdicts of the NTP / chrony check from the kernel's state and chronyc's output. */
class TimeSyncCheckTest {

    private static final KernelTimeStatus SYNCED = new KernelTimeStatus(0, 0x2001, 25_000, 12_500,
            300);
    private static final KernelTimeStatus UNSYNCED = new KernelTimeStatus(
            KernelTimeStatus.TIME_ERROR, KernelTimeStatus.STA_UNSYNC, 0, 16_000_000, 16_000_000);

    private static final String TRACKING = String.join("\n",
            "Reference ID    : C0A80001 (192.168.0.1)",
            "Stratum         : 3",
            "System time     : 0.000012345 seconds fast of NTP time",
            "Last offset     : -0.000004000 seconds",
            "Leap status     : Normal",
            "");

    private static CheckResult run(FakeMachine machine) {
        return new TimeSyncCheck().run(machine);
    }

    @Test
    void aSynchronizedKernelIsOkAndSaysBoundsDoNotNeedIt() {
        CheckResult result = run(new FakeMachine().kernelTimeStatus(SYNCED)
                .output("chronyc", CommandOutput.exited(0, TRACKING, "")));

        assertEquals(Verdict.OK, result.verdict(), result.line());
        assertTrue(result.found().contains("kernel synchronized (offset 0.025 ms, max error 12.500"
                + " ms, estimated error 0.300 ms)"), result.found());
        assertTrue(result.found().contains("system time 0.000012345 seconds fast of NTP time,"
                + " leap status Normal"), result.found());
        assertTrue(result.found().contains("latency bounds do not need NTP"), result.found());
    }

    @Test
    void chronycRunsWithoutNameLookups() {
        FakeMachine machine = new FakeMachine().kernelTimeStatus(SYNCED);
        run(machine);

        assertEquals(List.of(List.of("chronyc", "-n", "tracking")), machine.commandsRun());
    }

    @Test
    void anUnsynchronizedKernelWarnsWithTheFix() {
        CheckResult result = run(new FakeMachine().kernelTimeStatus(UNSYNCED));

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.found().contains("kernel not synchronized"), result.found());
        assertTrue(result.found().contains("chronyc not installed"), result.found());
        assertTrue(result.fix().startsWith("latency bounds do not need NTP"), result.fix());
        assertTrue(result.fix().contains("apt-get install chrony"), result.fix());
    }

    @Test
    void chronydThatLostItsSourcesWarnsEvenIfTheKernelStillTrustsTheClock() {
        String lost = TRACKING.replace("Leap status     : Normal",
                "Leap status     : Not synchronised");
        CheckResult result = run(new FakeMachine().kernelTimeStatus(SYNCED)
                .output("chronyc", CommandOutput.exited(0, lost, "")));

        assertEquals(Verdict.WARN, result.verdict(), result.line());
    }

    @Test
    void chronycProblemsAreReportedNotFatal() {
        CheckResult noDaemon = run(new FakeMachine().kernelTimeStatus(SYNCED)
                .output("chronyc", CommandOutput.exited(1, "", "506 Cannot talk to daemon\n")));
        assertEquals(Verdict.OK, noDaemon.verdict(), noDaemon.line());
        assertTrue(noDaemon.found().contains("chronyc tracking failed (506 Cannot talk to"
                + " daemon)"), noDaemon.found());

        CheckResult stuck = run(new FakeMachine().kernelTimeStatus(SYNCED)
                .output("chronyc", CommandOutput.timedOut()));
        assertTrue(stuck.found().contains("no answer within 2 s"), stuck.found());
    }

    @Test
    void anUnreadableKernelStateWarns() {
        CheckResult result = run(new FakeMachine()
                .kernelTimeError(new CloudProfilerException("ntp_adjtime failed: EPERM")));

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.found().contains("ntp_adjtime failed: EPERM"), result.found());
    }
}
