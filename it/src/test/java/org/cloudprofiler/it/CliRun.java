package org.cloudprofiler.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@code cloudprofiler} command run as a user runs it, {@code java -jar
 * cp-cli/target/cloudprofiler.jar} of this checkout in a child process, its output in a file.
 *
 * @param process the running command
 * @param log its standard output and error
 */
record CliRun(Process process, Path log) {
    /** How long a command may take before the test fails. */
    static final Duration COMMAND_WAIT = Duration.ofMinutes(5);

    /**
     * Starts {@code cloudprofiler arguments...} with its output in a new file of
     * {@code logDirectory}; a {@code cluster} subcommand gets this checkout as its
     * {@code --repository}.
     */
    static CliRun start(Path logDirectory, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                repository().resolve("cp-cli/target/cloudprofiler.jar").toString()));
        command.addAll(List.of(arguments));
        if (arguments[0].equals("cluster")) {
            command.addAll(List.of("--repository", repository().toString()));
        }
        String name = String.join("-", List.of(arguments).subList(0,
                Math.min(2, arguments.length)));
        Path log = Files.createTempFile(logDirectory, name + "-", ".log");
        return new CliRun(new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start(), log);
    }

    /** The checkout the tests run in: its built jars and engines. */
    static Path repository() {
        return Path.of("..").toAbsolutePath().normalize();
    }

    /** Waits for the command's end; its exit code. */
    int exitCode() throws InterruptedException {
        assertTrue(process.waitFor(COMMAND_WAIT.toMillis(), TimeUnit.MILLISECONDS),
                "the command did not end within " + COMMAND_WAIT);
        return process.exitValue();
    }

    /** What it printed so far. */
    String output() {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return e.toString();
        }
    }
}
