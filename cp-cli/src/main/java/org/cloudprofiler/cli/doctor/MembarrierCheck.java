package org.cloudprofiler.cli.doctor;

import org.cloudprofiler.MembarrierProbe;

/**
 * Which {@code membarrier(2)} commands the kernel offers: closing a channel fences the threads
 * still logging to it with one, so that {@code logTS} itself needs no fence.
 */
public final class MembarrierCheck implements DoctorCheck {

    public static final String NAME = "membarrier";

    private static final String FIX_KERNEL = "use Linux 4.14 or later built with CONFIG_MEMBARRIER,"
            + " and allow membarrier in the container's seccomp profile";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Machine machine) {
        int commands = machine.membarrierCommands();
        if ((commands & MembarrierProbe.CMD_PRIVATE_EXPEDITED) != 0) {
            return CheckResult.ok(NAME, "private expedited: logTS runs without a fence");
        }
        if ((commands & MembarrierProbe.CMD_GLOBAL) != 0) {
            return CheckResult.warn(NAME, "global only: each closeChannel waits for an RCU grace"
                    + " period (milliseconds)", FIX_KERNEL);
        }
        return CheckResult.warn(NAME, "not available: every logTS pays a full memory fence",
                FIX_KERNEL);
    }
}
