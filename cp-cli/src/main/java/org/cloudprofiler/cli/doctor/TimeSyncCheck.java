package org.cloudprofiler.cli.doctor;

import org.cloudprofiler.KernelTimeStatus;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether an NTP daemon keeps the wall clock in sync: the kernel's view from
 * {@code ntp_adjtime(2)}, plus {@code chronyc tracking} where chrony is installed. Latency bounds
 * never depend on it (they come from MinRTT exchanges of TSCs); wall-clock times in reports do.
 */
public final class TimeSyncCheck implements DoctorCheck {

    public static final String NAME = "NTP / chrony";

    /** chronyc answers from a local socket at once; longer means chronyd is stuck. */
    static final Duration CHRONYC_TIMEOUT = Duration.ofSeconds(2);

    private static final String WHY_IT_MATTERS =
            "latency bounds do not need NTP, wall-clock times in reports do";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Machine machine) {
        boolean synced;
        String kernel;
        try {
            KernelTimeStatus status = machine.kernelTimeStatus();
            synced = status.isSynchronized();
            kernel = synced
                    ? String.format(Locale.ROOT, "kernel synchronized (offset %.3f ms, max error"
                            + " %.3f ms, estimated error %.3f ms)", status.offsetNs() / 1e6,
                            status.maxErrorUs() / 1e3, status.estimatedErrorUs() / 1e3)
                    : "kernel not synchronized (STA_UNSYNC)";
        } catch (RuntimeException e) {
            synced = false;
            kernel = "kernel NTP state unreadable (" + e.getMessage() + ")";
        }
        CommandOutput chronyc = machine.run(CHRONYC_TIMEOUT, "chronyc", "-n", "tracking");
        String chrony = describeChrony(chronyc);
        // chronyd may know it lost its sources before the kernel's error bound runs out.
        if (chronyc.succeeded() && field(chronyc.stdout(), "Leap status")
                .filter(leap -> leap.startsWith("Not synchronised")).isPresent()) {
            synced = false;
        }
        String found = kernel + "; " + chrony;
        if (synced) {
            return CheckResult.ok(NAME, found + "; " + WHY_IT_MATTERS);
        }
        return CheckResult.warn(NAME, found, WHY_IT_MATTERS + ": to have them right, run an NTP"
                + " daemon, e.g. apt-get install chrony and systemctl enable --now chrony");
    }

    private static String describeChrony(CommandOutput chronyc) {
        return switch (chronyc.outcome()) {
            case NOT_FOUND -> "chronyc not installed";
            case TIMED_OUT -> "chronyc tracking gave no answer within "
                    + CHRONYC_TIMEOUT.toSeconds() + " s";
            case EXITED -> chronyc.succeeded()
                    ? "chronyd: system time "
                            + field(chronyc.stdout(), "System time").orElse("unknown")
                            + ", leap status "
                            + field(chronyc.stdout(), "Leap status").orElse("unknown")
                    : "chronyc tracking failed (" + chronyc.firstMessageLine() + ")";
        };
    }

    /** The value of a {@code Name : value} line of {@code chronyc tracking}. */
    private static Optional<String> field(String output, String name) {
        return output.lines()
                .filter(line -> line.startsWith(name) && line.contains(":"))
                .map(line -> line.substring(line.indexOf(':') + 1).strip())
                .findFirst();
    }
}
