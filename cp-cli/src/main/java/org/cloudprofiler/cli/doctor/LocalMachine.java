package org.cloudprofiler.cli.doctor;

import org.cloudprofiler.ClockProbe;
import org.cloudprofiler.ClockReadCost;
import org.cloudprofiler.ClockSource;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.KernelTimeStatus;
import org.cloudprofiler.MembarrierProbe;
import org.cloudprofiler.internal.NativeLibrary;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The machine this JVM runs on, with the native library for the clock measurements. */
public final class LocalMachine implements Machine {

    /** Batches of clock reads: enough for a stable median, a few ms in all. */
    private static final int READ_COST_BATCHES = 21;

    private static final int READS_PER_BATCH = 10_000;

    /**
     * Searched after {@code PATH}: {@code ip} lives in {@code /usr/sbin}, which Debian leaves out
     * of non-root users' {@code PATH}.
     */
    private static final List<String> EXTRA_PROGRAM_DIRECTORIES =
            List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin");

    @Override
    public Optional<String> readFile(String path) {
        try {
            return Optional.of(Files.readString(Path.of(path), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public CommandOutput run(Duration timeout, String... command) {
        Optional<Path> program = findProgram(command[0]);
        if (program.isEmpty()) {
            return CommandOutput.notFound(command[0]);
        }
        List<String> arguments = new ArrayList<>(List.of(command));
        arguments.set(0, program.get().toString());
        Path stdout = null;
        Path stderr = null;
        try {
            // Files instead of pipes: nothing to drain, so no reader threads and no deadlock.
            stdout = Files.createTempFile("cloudprofiler-doctor-", ".out");
            stderr = Files.createTempFile("cloudprofiler-doctor-", ".err");
            Process process = new ProcessBuilder(arguments)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile())
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
                return CommandOutput.timedOut();
            }
            return CommandOutput.exited(process.exitValue(), Files.readString(stdout),
                    Files.readString(stderr));
        } catch (IOException e) {
            return CommandOutput.exited(-1, "", "cannot run " + command[0] + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CommandOutput.timedOut();
        } finally {
            deleteQuietly(stdout);
            deleteQuietly(stderr);
        }
    }

    @Override
    public ClockSource profilerClockSource() {
        loadNativeLibrary();
        return ClockProbe.clockSource();
    }

    @Override
    public long profilerClockHz() {
        loadNativeLibrary();
        return CloudProfiler.tscHz();
    }

    @Override
    public ClockReadCost measureClockReadCost() {
        loadNativeLibrary();
        return ClockProbe.measureReadCost(READ_COST_BATCHES, READS_PER_BATCH);
    }

    @Override
    public KernelTimeStatus kernelTimeStatus() {
        loadNativeLibrary();
        return ClockProbe.kernelTimeStatus();
    }

    @Override
    public int membarrierCommands() {
        loadNativeLibrary();
        return MembarrierProbe.commands();
    }

    /**
     * Loading up front gives every native check the loader's own message, which names the fix,
     * rather than a bare NoClassDefFoundError once a probe class has failed to initialize.
     */
    private static void loadNativeLibrary() {
        NativeLibrary.load();
    }

    private static Optional<Path> findProgram(String name) {
        List<String> directories = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            directories.addAll(List.of(path.split(":")));
        }
        directories.addAll(EXTRA_PROGRAM_DIRECTORIES);
        return directories.stream()
                .filter(directory -> !directory.isEmpty())
                .map(directory -> Path.of(directory, name))
                .filter(Files::isExecutable)
                .findFirst();
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // A leftover temporary file is harmless; the check's result matters more.
            }
        }
    }
}
