package org.cloudprofiler.cli.doctor;

import org.cloudprofiler.ClockReadCost;
import org.cloudprofiler.ClockSource;
import org.cloudprofiler.KernelTimeStatus;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A machine whose files, program outputs and native measurements a test sets; it records the
 * programs it was asked to run.
 */
final class FakeMachine implements Machine {

    private final Map<String, String> files = new HashMap<>();
    /** Keyed by a command's first words: the longest prefix that has an entry wins. */
    private final Map<String, CommandOutput> outputs = new HashMap<>();
    private final List<List<String>> commandsRun = new ArrayList<>();
    private ClockSource clockSource = ClockSource.RDTSCP;
    private long clockHz = 2_000_000_000L;
    private ClockReadCost readCost = new ClockReadCost(10, 12);
    private KernelTimeStatus kernelTimeStatus = new KernelTimeStatus(0, 0, 25_000, 16_000, 500);
    private RuntimeException kernelTimeError;
    private int membarrierCommands = 0;

    FakeMachine file(String path, String contents) {
        files.put(path, contents);
        return this;
    }

    /** What every run of a command starting with {@code prefix} (e.g. "ip netns add") gives. */
    FakeMachine output(String prefix, CommandOutput output) {
        outputs.put(prefix, output);
        return this;
    }

    FakeMachine clock(ClockSource source, long hz) {
        this.clockSource = source;
        this.clockHz = hz;
        return this;
    }

    FakeMachine readCost(double minNs, double medianNs) {
        this.readCost = new ClockReadCost(minNs, medianNs);
        return this;
    }

    FakeMachine kernelTimeStatus(KernelTimeStatus status) {
        this.kernelTimeStatus = status;
        return this;
    }

    FakeMachine kernelTimeError(RuntimeException error) {
        this.kernelTimeError = error;
        return this;
    }

    FakeMachine membarrierCommands(int commands) {
        this.membarrierCommands = commands;
        return this;
    }

    /** Every command run so far, in order. */
    List<List<String>> commandsRun() {
        return commandsRun;
    }

    @Override
    public Optional<String> readFile(String path) {
        return Optional.ofNullable(files.get(path));
    }

    @Override
    public CommandOutput run(Duration timeout, String... command) {
        commandsRun.add(List.of(command));
        List<String> words = List.of(command);
        for (int length = words.size(); length > 0; length--) {
            CommandOutput output = outputs.get(String.join(" ", words.subList(0, length)));
            if (output != null) {
                return output;
            }
        }
        return CommandOutput.notFound(command[0]);
    }

    @Override
    public ClockSource profilerClockSource() {
        return clockSource;
    }

    @Override
    public long profilerClockHz() {
        return clockHz;
    }

    @Override
    public ClockReadCost measureClockReadCost() {
        return readCost;
    }

    @Override
    public KernelTimeStatus kernelTimeStatus() {
        if (kernelTimeError != null) {
            throw kernelTimeError;
        }
        return kernelTimeStatus;
    }

    @Override
    public int membarrierCommands() {
        return membarrierCommands;
    }
}
