package org.cloudprofiler.cli.doctor;

import java.util.Objects;

/**
 * The outcome of one doctor check, printed as one line.
 *
 * @param name the check's name, e.g. {@code invariant TSC}
 * @param found what the check saw on this machine
 * @param verdict how it judged that
 * @param fix what the user can do about it; empty for {@link Verdict#OK}
 */
public record CheckResult(String name, String found, Verdict verdict, String fix) {

    /** Width of the name column, enough for every check's name. */
    private static final int NAME_WIDTH = 20;

    public CheckResult {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(found, "found");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(fix, "fix");
        if (verdict != Verdict.OK && fix.isEmpty()) {
            throw new IllegalArgumentException(name + ": a " + verdict + " needs a fix");
        }
    }

    public static CheckResult ok(String name, String found) {
        return new CheckResult(name, found, Verdict.OK, "");
    }

    public static CheckResult warn(String name, String found, String fix) {
        return new CheckResult(name, found, Verdict.WARN, fix);
    }

    public static CheckResult fail(String name, String found, String fix) {
        return new CheckResult(name, found, Verdict.FAIL, fix);
    }

    /** {@code name  found  => VERDICT}, then {@code ; fix: ...} unless OK. */
    public String line() {
        String line = String.format("%-" + NAME_WIDTH + "s %s  => %s", name, found, verdict);
        return fix.isEmpty() ? line : line + "; fix: " + fix;
    }
}
