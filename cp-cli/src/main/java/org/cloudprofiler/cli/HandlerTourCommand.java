package org.cloudprofiler.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.HandlerType.Parameter;
import org.cloudprofiler.log.LogFormat;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Pushes tuples through one channel of every handler, then shows what the logs hold: the cost per
 * call measured here and, read back from the files, records, size and first/last record.
 */
@Command(
        name = "handler-tour",
        mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Log tuples through a channel of every handler and show what the logs hold.")
public final class HandlerTourCommand implements Callable<Integer> {
    private static final Set<HandlerType> RETURN_TRIP =
            EnumSet.of(HandlerType.RET_START, HandlerType.RET_END);

    @Spec
    private CommandSpec spec;

    @Option(names = "--tuples", description = "Tuples per channel (default: ${DEFAULT-VALUE}).")
    private long tuples = 10_000_000;

    private final PrintStream out = System.out;

    @Override
    public Integer call() throws IOException {
        if (tuples < 1) {
            throw new ParameterException(spec.commandLine(), "--tuples must be at least 1, not "
                    + tuples);
        }
        Path directory = Path.of(CloudProfiler.logDirectory());
        out.printf(Locale.ROOT, "Logging %,d tuples (ids 0..%,d, then a poison pill) through one"
                + " ZSTD channel per handler.%nLogs: %s/handler-tour/0/%n%n", tuples, tuples - 1,
                directory);
        out.printf(Locale.ROOT, "%-12s %8s %11s %13s %10s %10s  %s%n", "handler", "ns/call",
                "calls", "records", "file bytes", "B/record", "first and last record");
        int problems = 0;
        for (HandlerType handler : HandlerType.values()) {
            if (RETURN_TRIP.contains(handler)) {
                continue;  // a pair across nodes, acking each tuple over UDP: not one channel
            }
            String name = "handler-tour/0/" + handler.name().toLowerCase(Locale.ROOT);
            double nsPerCall = logThrough(name, handler);
            LogSummary summary = LogReader.scan(findOwnLog(directory, name));
            problems += summary.problemCount();
            out.printf(Locale.ROOT, "%-12s %8.1f %,11d %,13d %,10d %10s  %s%n", handler.name(),
                    nsPerCall, summary.trailer() == null ? -1 : summary.trailer().callsAccepted(),
                    summary.recordCount(), summary.fileSizeBytes(),
                    summary.recordCount() == 0 ? "-"
                            : String.format(Locale.ROOT, "%.2f", summary.bytesPerRecord()),
                    firstAndLast(summary));
            summary.problems().forEach(problem -> out.println("    problem: " + problem));
        }
        out.printf(Locale.ROOT, "%nns/call: wall time of the logging loop divided by its calls"
                + " (one thread, TSC at %.3f GHz).%n"
                + "Records: SPC/MPC/CPU write one cumulative sample per 100 ms period, plus one at"
                + " open and one at close.%n"
                + "Not shown: RET_START/RET_END, the return-trip baseline: a pair of channels on"
                + " two nodes (docs/log-format.md).%n"
                + "Every figure right of ns/call was read back from the files; for all details:"
                + "%n  java -jar cp-cli/target/cloudprofiler.jar inspect %s/handler-tour%n",
                CloudProfiler.tscHz() / 1e9, directory);
        return problems == 0 ? 0 : 1;
    }

    /** Logs the tuples and a pill to a fresh channel and returns the mean ns per call. */
    private double logThrough(String name, HandlerType handler) {
        long channel = CloudProfiler.openChannel(name, LogFormat.ZSTD, handler);
        switch (handler) {
            case DOWNSAMPLE -> CloudProfiler.parameterize(channel, Parameter.N, 1000);
            case XOY -> CloudProfiler.parameterize(channel, Parameter.Y, 1000);
            default -> { }
        }
        long started = System.nanoTime();
        for (long id = 0; id < tuples; id++) {
            CloudProfiler.logTS(channel, id);
        }
        long elapsedNs = System.nanoTime() - started;
        CloudProfiler.logTS(channel, HandlerType.POISON_PILL_ID);
        CloudProfiler.closeChannel(channel);
        return (double) elapsedNs / tuples;
    }

    private static String firstAndLast(LogSummary summary) {
        if (summary.recordCount() == 0) {
            return "(no records)";
        }
        return summary.firstRecord() + " .. " + summary.lastRecord() + "  "
                + summary.header().columns().stream().map(c -> c.name()).toList();
    }

    private static Path findOwnLog(Path directory, String channel) throws IOException {
        Path file = directory.resolve(channel);
        String prefix = file.getFileName() + "." + ProcessHandle.current().pid() + ".";
        try (Stream<Path> files = Files.list(file.getParent())) {
            List<Path> found =
                    files.filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
            if (found.size() != 1) {
                throw new IOException("expected one log of " + channel + ", found " + found);
            }
            return found.get(0);
        }
    }
}
