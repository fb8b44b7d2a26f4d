package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cloudprofiler.cli.doctor.Doctor;
import org.cloudprofiler.cli.doctor.DoctorCheck;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code cloudprofiler doctor} on this machine, in-process: every check prints its line. What
 * the checks find depends on the machine, so only the shape of the output is checked.
 */
class DoctorCommandTest {

    private static final Pattern VERDICT =
            Pattern.compile("  => (OK|WARN; fix: .+|FAIL; fix: .+)$");

    @Test
    void everyCheckPrintsOneLineWithAVerdict() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = CloudProfilerCommand.commandLine()
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute("doctor");

        List<String> lines = out.toString().lines().toList();
        List<DoctorCheck> checks = Doctor.standardChecks();
        assertEquals(checks.size() + 1, lines.size(), out.toString() + err);
        for (int i = 0; i < checks.size(); i++) {
            String line = lines.get(i);
            assertTrue(line.startsWith(checks.get(i).name() + " "), line);
            assertTrue(VERDICT.matcher(line).find(), line);
        }
        boolean anyFail = lines.stream().anyMatch(line -> line.contains("  => FAIL"));
        assertEquals(anyFail ? DoctorCommand.EXIT_FAILED : DoctorCommand.EXIT_HEALTHY, exitCode,
                out.toString());
        assertTrue(lines.get(checks.size()).matches("\\d+ OK, \\d+ WARN, \\d+ FAIL"),
                lines.get(checks.size()));
    }
}
