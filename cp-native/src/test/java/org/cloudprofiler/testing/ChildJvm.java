package org.cloudprofiler.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/** Starts a class of the test classpath in a child JVM and collects its output lines. */
public final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final List<String> stdout = new ArrayList<>();
    private final CompletableFuture<Void> stdoutDone;
    private final StringBuilder stderr = new StringBuilder();

    private ChildJvm(Process process) {
        this.process = process;
        this.stdoutDone = inBackground(() -> drain(process, stdout));
        inBackground(() -> drainError(process, stderr));
    }

    /** Starts {@code mainClass} with the given JVM options, environment and arguments. */
    public static ChildJvm start(
            Class<?> mainClass, List<String> jvmOptions, Map<String, String> environment,
            String... args) throws IOException {
        return start(UnaryOperator.identity(), mainClass, jvmOptions, environment, args);
    }

    /**
     * As {@link #start(Class, List, Map, String...)}, with the {@code java} command line passed
     * through {@code launcher} first: e.g. a network namespace's {@code ip netns exec} prefix.
     * The launcher must exec the JVM in place, so that {@link #process()} is the JVM itself.
     */
    public static ChildJvm start(
            UnaryOperator<List<String>> launcher, Class<?> mainClass, List<String> jvmOptions,
            Map<String, String> environment, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(launcher.apply(command));
        builder.environment().putAll(environment);
        return new ChildJvm(builder.start());
    }

    public Process process() {
        return process;
    }

    /** Waits until a stdout line equals {@code line}; false if the child exits or time runs out. */
    public boolean awaitLine(String line, long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (System.nanoTime() < deadline) {
            synchronized (stdout) {
                if (stdout.contains(line)) {
                    return true;
                }
            }
            if (!process.isAlive() && stdoutDone.isDone()) {
                return false;
            }
            Thread.sleep(5);
        }
        return false;
    }

    /** Waits for the exit (killing the child after {@code timeoutMs}) and returns its code. */
    public int awaitExit(long timeoutMs) throws Exception {
        if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("child did not exit within " + timeoutMs + " ms; stderr:\n"
                    + stderr());
        }
        stdoutDone.get(10, TimeUnit.SECONDS);
        return process.exitValue();
    }

    public List<String> stdout() {
        synchronized (stdout) {
            return List.copyOf(stdout);
        }
    }

    public String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    // A thread per stream, not the common pool: with several children alive, its few threads
    // would all block on the first children's pipes and leave the others' output unread.
    private static CompletableFuture<Void> inBackground(Runnable drain) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                drain.run();
            } finally {
                done.complete(null);
            }
        }, "child-jvm-output");
        thread.setDaemon(true);
        thread.start();
        return done;
    }

    private static void drain(Process process, List<String> lines) {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = reader.readLine()) != null; ) {
                synchronized (lines) {
                    lines.add(line);
                }
            }
        } catch (IOException ignored) {
            // The child is gone; what was read stays.
        }
    }

    private static void drainError(Process process, StringBuilder text) {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = reader.readLine()) != null; ) {
                synchronized (text) {
                    text.append(line).append('\n');
                }
            }
        } catch (IOException ignored) {
            // The child is gone; what was read stays.
        }
    }
}
