package org.cloudprofiler.cli.doctor;

import org.cloudprofiler.internal.NativeLibrary;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Runs doctor checks against a machine and prints one line per check. */
public final class Doctor {

    private final Machine machine;
    private final List<DoctorCheck> checks;

    public Doctor(Machine machine, List<DoctorCheck> checks) {
        this.machine = Objects.requireNonNull(machine, "machine");
        this.checks = List.copyOf(checks);
    }

    /** Every check, in the order they print: the clock first, then the kernel around it. */
    public static List<DoctorCheck> standardChecks() {
        return List.of(new InvariantTscCheck(), new KernelClockSourceCheck(),
                new ClockReadCostCheck(), new TimeSyncCheck(), new NetworkNamespaceCheck(),
                new MembarrierCheck());
    }

    /** Runs every check, printing each line as soon as it is known, then a tally. */
    public List<CheckResult> run(PrintWriter out) {
        List<CheckResult> results = new ArrayList<>();
        for (DoctorCheck check : checks) {
            CheckResult result = runOne(check);
            out.println(result.line());
            out.flush();
            results.add(result);
        }
        out.printf("%d OK, %d WARN, %d FAIL%n", count(results, Verdict.OK),
                count(results, Verdict.WARN), count(results, Verdict.FAIL));
        out.flush();
        return results;
    }

    /** A check that throws still gets its line, so one broken probe hides no other result. */
    private CheckResult runOne(DoctorCheck check) {
        try {
            return check.run(machine);
        } catch (LinkageError e) {
            return CheckResult.fail(check.name(), "the native library did not load ("
                    + e.getMessage() + ")", "run the cloudprofiler jar built for this platform,"
                    + " or pass -D" + NativeLibrary.PATH_PROPERTY
                    + "=/path/to/libcloudprofiler.so built for it");
        } catch (RuntimeException e) {
            return CheckResult.fail(check.name(), "the check itself failed (" + e + ")",
                    "report this line as a bug of cloudprofiler doctor");
        }
    }

    private static long count(List<CheckResult> results, Verdict verdict) {
        return results.stream().filter(result -> result.verdict() == verdict).count();
    }
}
