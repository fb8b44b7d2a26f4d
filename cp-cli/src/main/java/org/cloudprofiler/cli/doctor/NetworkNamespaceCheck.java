package org.cloudprofiler.cli.doctor;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Whether {@code ip netns add} works here, by creating a uniquely named namespace and deleting
 * it again. The ground-truth clock-sync test puts each node in its own namespace when it can.
 */
public final class NetworkNamespaceCheck implements DoctorCheck {

    public static final String NAME = "network namespaces";

    /** Creating or deleting a namespace takes milliseconds; longer means something is stuck. */
    static final Duration IP_TIMEOUT = Duration.ofSeconds(5);

    static final String NAME_PREFIX = "cp-doctor-";

    private static final String FALLBACK =
            "until then the ground-truth sync test runs its nodes over loopback";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Machine machine) {
        // The pid keeps concurrent doctors apart; the random part, a leftover of a killed one.
        String namespace = NAME_PREFIX + ProcessHandle.current().pid() + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 24));
        CommandOutput add = machine.run(IP_TIMEOUT, "ip", "netns", "add", namespace);
        if (add.outcome() == CommandOutput.Outcome.NOT_FOUND) {
            return CheckResult.warn(NAME, "no 'ip' command",
                    "install iproute2 (apt-get install iproute2); " + FALLBACK);
        }
        // Deleted whatever add reported: a timed-out add may still have created it.
        CommandOutput delete = machine.run(IP_TIMEOUT, "ip", "netns", "delete", namespace);
        if (add.outcome() == CommandOutput.Outcome.TIMED_OUT) {
            return CheckResult.warn(NAME, "'ip netns add' gave no answer within "
                    + IP_TIMEOUT.toSeconds() + " s", "check 'ip netns list' by hand and delete "
                    + namespace + " if it is there; " + FALLBACK);
        }
        if (!add.succeeded()) {
            return CheckResult.warn(NAME, "'ip netns add' failed (" + add.firstMessageLine() + ")",
                    "run as root (creating a namespace needs CAP_SYS_ADMIN); " + FALLBACK);
        }
        if (!delete.succeeded()) {
            return CheckResult.warn(NAME, "created namespace " + namespace + " but could not"
                    + " delete it (" + delete.firstMessageLine() + ")",
                    "delete it by hand: ip netns delete " + namespace);
        }
        return CheckResult.ok(NAME, "'ip netns add' and 'ip netns delete' work");
    }
}
