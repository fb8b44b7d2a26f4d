package org.cloudprofiler.cli.doctor;

import java.util.Objects;

/**
 * What running an external program (e.g. {@code chronyc}) produced.
 *
 * @param outcome whether it ran and finished
 * @param exitCode its exit code; meaningful only for {@link Outcome#EXITED}
 * @param stdout its standard output
 * @param stderr its standard error, or why it could not run
 */
public record CommandOutput(Outcome outcome, int exitCode, String stdout, String stderr) {

    /** How a run ended. */
    public enum Outcome {
        /** The program ran to its end. */
        EXITED,
        /** There is no such program on this machine. */
        NOT_FOUND,
        /** It did not finish in time and was killed. */
        TIMED_OUT
    }

    public CommandOutput {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
    }

    public static CommandOutput exited(int exitCode, String stdout, String stderr) {
        return new CommandOutput(Outcome.EXITED, exitCode, stdout, stderr);
    }

    public static CommandOutput notFound(String program) {
        return new CommandOutput(Outcome.NOT_FOUND, -1, "", program + ": command not found");
    }

    public static CommandOutput timedOut() {
        return new CommandOutput(Outcome.TIMED_OUT, -1, "", "");
    }

    /** Whether it ran and exited with 0. */
    public boolean succeeded() {
        return outcome == Outcome.EXITED && exitCode == 0;
    }

    /** The first non-blank line of stderr, else of stdout, else an empty string. */
    public String firstMessageLine() {
        for (String text : new String[] {stderr, stdout}) {
            for (String line : text.split("\n")) {
                if (!line.isBlank()) {
                    return line.strip();
                }
            }
        }
        return "";
    }
}
