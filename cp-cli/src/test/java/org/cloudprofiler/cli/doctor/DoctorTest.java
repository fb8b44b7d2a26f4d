package org.cloudprofiler.cli.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.function.Supplier;

/** The runner: one line per check whatever the check does, then a tally. */
class DoctorTest {

    private static DoctorCheck check(String name, Supplier<CheckResult> body) {
        return new DoctorCheck() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public CheckResult run(Machine machine) {
                return body.get();
            }
        };
    }

    private static List<CheckResult> run(StringWriter out, DoctorCheck... checks) {
        return new Doctor(new FakeMachine(), List.of(checks)).run(new PrintWriter(out));
    }

    @Test
    void everyCheckGetsALineAndATallyFollows() {
        StringWriter out = new StringWriter();
        List<CheckResult> results = run(out,
                check("first", () -> CheckResult.ok("first", "fine")),
                check("second", () -> CheckResult.warn("second", "meh", "do this")));

        assertEquals(2, results.size());
        List<String> lines = out.toString().lines().toList();
        assertEquals(List.of(String.format("%-20s fine  => OK", "first"),
                String.format("%-20s meh  => WARN; fix: do this", "second"),
                "1 OK, 1 WARN, 0 FAIL"), lines);
    }

    @Test
    void aCheckThatThrowsFailsOnItsOwnLineAndTheOthersStillRun() {
        List<CheckResult> results = run(new StringWriter(),
                check("broken", () -> {
                    throw new IllegalStateException("boom");
                }),
                check("after", () -> CheckResult.ok("after", "fine")));

        assertEquals(Verdict.FAIL, results.get(0).verdict());
        assertEquals("broken", results.get(0).name());
        assertTrue(results.get(0).found().contains("boom"), results.get(0).found());
        assertEquals(Verdict.OK, results.get(1).verdict());
    }

    @Test
    void aMissingNativeLibraryFailsWithTheLoadersMessageAndAFix() {
        String loaderMessage = "cloudprofiler: no native library for linux-riscv64 in the jar;"
                + " pass its path with -Dcloudprofiler.native.path=/path/to/libcloudprofiler.so";
        List<CheckResult> results = run(new StringWriter(), check("native", () -> {
            throw new UnsatisfiedLinkError(loaderMessage);
        }));

        assertEquals(Verdict.FAIL, results.get(0).verdict());
        assertTrue(results.get(0).found().contains(loaderMessage), results.get(0).found());
        assertTrue(results.get(0).fix().contains("-Dcloudprofiler.native.path="),
                results.get(0).fix());
    }

    @Test
    void standardChecksHaveDistinctNamesThatFitTheColumn() {
        List<String> names = Doctor.standardChecks().stream().map(DoctorCheck::name).toList();
        assertEquals(names.size(), names.stream().distinct().count(), names.toString());
        names.forEach(name -> assertTrue(name.length() < 20, name));
    }
}
