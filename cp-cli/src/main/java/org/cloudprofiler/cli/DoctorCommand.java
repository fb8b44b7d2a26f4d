package org.cloudprofiler.cli;

import org.cloudprofiler.cli.doctor.CheckResult;
import org.cloudprofiler.cli.doctor.Doctor;
import org.cloudprofiler.cli.doctor.LocalMachine;
import org.cloudprofiler.cli.doctor.Verdict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code cloudprofiler doctor}: checks that this machine can profile precisely. */
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = {
            "Checks what precise profiling relies on here: an invariant TSC, the kernel clock"
                    + " source, the cost of one timestamp, NTP, network namespaces and"
                    + " membarrier.",
            "Prints one line per check: its name, what it found, OK / WARN / FAIL and, unless"
                    + " OK, the fix. Creates and deletes one network namespace.",
        },
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {
            "0:no check failed (warnings allowed)",
            "1:a check failed: results measured here would be wrong",
        })
public final class DoctorCommand implements Callable<Integer> {

    static final int EXIT_HEALTHY = 0;
    static final int EXIT_FAILED = 1;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        List<CheckResult> results = new Doctor(new LocalMachine(), Doctor.standardChecks())
                .run(spec.commandLine().getOut());
        boolean failed = results.stream().anyMatch(result -> result.verdict() == Verdict.FAIL);
        return failed ? EXIT_FAILED : EXIT_HEALTHY;
    }
}
