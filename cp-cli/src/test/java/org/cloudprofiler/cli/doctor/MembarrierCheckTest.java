package org.cloudprofiler.cli.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cloudprofiler.MembarrierProbe;
import org.junit.jupiter.api.Test;

/** Verdicts of the membarrier check from the kernel's command bits. */
class MembarrierCheckTest {

    private static Verdict verdict(int commands) {
        return new MembarrierCheck().run(new FakeMachine().membarrierCommands(commands)).verdict();
    }

    @Test
    void privateExpeditedIsOk() {
        assertEquals(Verdict.OK, verdict(MembarrierProbe.CMD_GLOBAL
                | MembarrierProbe.CMD_PRIVATE_EXPEDITED | 0x10));
    }

    @Test
    void globalOnlyOrNothingWarns() {
        assertEquals(Verdict.WARN, verdict(MembarrierProbe.CMD_GLOBAL));
        assertEquals(Verdict.WARN, verdict(0));
    }
}
