package org.cloudprofiler.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.cloudprofiler.cli.cluster.ClusterProcess;

/**
 * The local cluster's processes a test started, each in its node with its output in
 * {@code <directory>/<name>.log}; {@link #close()} stops them all and says which survived. A
 * test's stand-in for the cluster's own process management. Not thread-safe.
 */
final class StartedProcesses implements AutoCloseable {
    private static final Duration POLL = Duration.ofMillis(250);
    private static final Duration STOP = Duration.ofSeconds(30);

    private final Path directory;
    private final List<Process> processes = new ArrayList<>();

    StartedProcesses(Path directory) throws IOException {
        this.directory = Files.createDirectories(directory);
    }

    /** Starts {@code spec} in its node; does not wait for it. */
    Process start(ClusterProcess spec) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(spec.node().command(spec.command()))
                .redirectErrorStream(true).redirectOutput(log(spec.name()).toFile());
        builder.environment().putAll(spec.environment());
        Process process = builder.start();
        processes.add(process);
        return process;
    }

    /** Starts {@code spec} and waits until its readiness says it is up. */
    void startAndAwait(ClusterProcess spec, Duration timeout) throws Exception {
        Process process = start(spec);
        long deadlineNs = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (true) {
            if (!process.isAlive()) {
                throw new AssertionError(spec.name() + " exited with " + process.exitValue()
                        + " before " + spec.readiness().describe() + ":\n" + tail(spec.name()));
            }
            try {
                if (spec.readiness().ready()) {
                    return;
                }
            } catch (IOException notYet) {
                last = notYet.toString();
            }
            if (System.nanoTime() - deadlineNs > 0) {
                throw new AssertionError("no " + spec.readiness().describe() + " within "
                        + timeout + " (" + last + "):\n" + tail(spec.name()));
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** Starts {@code spec} and waits until it exits; fails unless it exits with 0. */
    void run(ClusterProcess spec, Duration timeout) throws Exception {
        int exitValue = runToEnd(spec, timeout);
        if (exitValue != 0) {
            throw new AssertionError(spec.name() + " exited with " + exitValue + ":\n"
                    + tail(spec.name()));
        }
    }

    /** Starts {@code spec} and waits until it exits; returns its exit value. */
    int runToEnd(ClusterProcess spec, Duration timeout) throws Exception {
        Process process = start(spec);
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(spec.name() + " did not end within " + timeout + ":\n"
                    + tail(spec.name()));
        }
        return process.exitValue();
    }

    Path log(String name) {
        return directory.resolve(name + ".log");
    }

    /**
     * A process's log for a failure's message: its exception lines ("Caused by" included, not
     * their stack frames), then its last lines.
     */
    String tail(String name) {
        try {
            List<String> lines = Files.readAllLines(log(name));
            List<String> shown = new ArrayList<>(lines.stream()
                    .filter(line -> !line.startsWith("\t") && line.contains("Exception"))
                    .distinct().toList());
            shown.add("...");
            shown.addAll(lines.subList(Math.max(0, lines.size() - 20), lines.size()));
            return String.join("\n", shown);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /**
     * Stops every process (SIGTERM, then SIGKILL after {@link #STOP}), the last started first.
     *
     * @throws AssertionError naming those still alive afterwards, their children included
     */
    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> started = new ArrayList<>();
        for (Process process : processes) {
            started.add(process.toHandle());
            process.descendants().forEach(started::add);
        }
        for (int i = processes.size() - 1; i >= 0; i--) {
            Process process = processes.get(i);
            process.destroy();
            if (!process.waitFor(STOP.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
        List<String> alive = started.stream().filter(ProcessHandle::isAlive)
                .map(handle -> handle.pid() + " " + handle.info().commandLine().orElse(""))
                .toList();
        if (!alive.isEmpty()) {
            throw new AssertionError("still running after the test: " + alive);
        }
    }
}
