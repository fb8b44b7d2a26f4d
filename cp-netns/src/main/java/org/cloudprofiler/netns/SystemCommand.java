package org.cloudprofiler.netns;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs a system administration command (iproute2's {@code ip}, {@code iptables}) with a timeout;
 * a failure throws with the command's stderr.
 */
final class SystemCommand {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Path executable;
    private final String program;

    private SystemCommand(Path executable, String program) {
        this.executable = executable;
        this.program = program;
    }

    /** iproute2's {@code ip}, found as {@link #find(String)} finds a program. */
    static Optional<SystemCommand> ip() {
        return find("ip");
    }

    /**
     * {@code program} on the PATH, else in the sbin directories: a test JVM started by a build
     * tool often has a PATH without them even when run as root.
     */
    static Optional<SystemCommand> find(String program) {
        Set<String> directories = new LinkedHashSet<>();
        String path = System.getenv("PATH");
        if (path != null) {
            directories.addAll(List.of(path.split(":")));
        }
        directories.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin"));
        return directories.stream()
                .filter(directory -> !directory.isEmpty())
                .map(directory -> Path.of(directory, program))
                .filter(Files::isExecutable)
                .findFirst()
                .map(executable -> new SystemCommand(executable, program));
    }

    /** The absolute path of the executable. */
    String executable() {
        return executable.toString();
    }

    /**
     * Runs the program with {@code args} and returns its stdout.
     *
     * @throws IOException naming the command, with its exit code and stderr, if it fails or does
     *     not finish within the timeout (it is then killed)
     */
    String run(String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(List.of(args));
        String shown = "`" + program + " " + String.join(" ", args) + "`";
        // Files, not pipes: nothing to drain, so a chatty or stuck command cannot block us.
        Path stdout = Files.createTempFile("cp-" + program + "-", ".out");
        Path stderr = Files.createTempFile("cp-" + program + "-", ".err");
        try {
            Process process = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile())
                    .start();
            if (!waitFor(process)) {
                process.destroyForcibly();
                throw new IOException(shown + " did not finish within " + TIMEOUT.toSeconds()
                        + " s and was killed");
            }
            if (process.exitValue() != 0) {
                String errors = Files.readString(stderr).strip();
                throw new IOException(shown + " failed (exit " + process.exitValue() + "): "
                        + (errors.isEmpty() ? "no message" : errors));
            }
            return Files.readString(stdout);
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }

    private boolean waitFor(Process process) throws IOException {
        try {
            return process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for `" + program + "`", e);
        }
    }
}
