package org.cloudprofiler.flink.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.analyzer.Analyzer;
import org.cloudprofiler.analyzer.AnalyzerOptions;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.channel.ChannelNames;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;

/**
 * Reads what the profiled jobs run in this test JVM logged, and copies one job's logs out for
 * the analyzer. Stateless.
 */
public final class JobLogs {

    private JobLogs() {}

    /** This process's node log directory. */
    public static Path nodeDirectory() {
        return Path.of(CloudProfiler.logDirectory());
    }

    /** This node's {@code topology.json}. */
    public static TopologyDescription topology() {
        try {
            return TopologyFile.read(nodeDirectory().resolve(TopologyFile.FILE_NAME));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The ids of every record of {@code channel}, in order. */
    public static List<Long> ids(String channel) {
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(channel))) {
            int index = reader.header().columnIndex("id");
            List<Long> ids = new ArrayList<>();
            for (long[] row : ChannelLogs.rows(reader)) {
                ids.add(row[index]);
            }
            return ids;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The records of {@code channel} as {@code (id, second column)} pairs, in order: the TSC of
     * an {@code in} or {@code out}, the root of a {@code lineage} record.
     */
    public static List<long[]> records(String channel) {
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(channel))) {
            List<long[]> records = new ArrayList<>();
            for (long[] row : ChannelLogs.rows(reader)) {
                records.add(new long[] {row[0], row[1]});
            }
            return records;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The records of {@code component}'s channels at {@code point}, over its subtasks. */
    public static List<long[]> records(String component, int subtasks, ProbePoint point) {
        List<long[]> records = new ArrayList<>();
        for (int subtask = 0; subtask < subtasks; subtask++) {
            records.addAll(records(point.channelName(component, subtask)));
        }
        return records;
    }

    /** {@code component}'s {@code mintOrigin} in this node's {@code topology.json}. */
    public static int mintOrigin(String component) {
        return topology().components().stream().filter(c -> c.id().equals(component))
                .findFirst().orElseThrow().mintOrigin();
    }

    /**
     * Copies {@code topology.json} and this process's channel logs of {@code components} into
     * {@code <directory>/<node>/}, where the analyzer reads one job's logs alone; returns
     * {@code directory}.
     */
    public static Path copyRun(List<String> components, Path directory) throws IOException {
        Path node = nodeDirectory();
        Path logs = directory.resolve(node.getFileName());
        Files.createDirectories(logs);
        Files.copy(node.resolve(TopologyFile.FILE_NAME), logs.resolve(TopologyFile.FILE_NAME));
        String pid = "." + ProcessHandle.current().pid() + ".";
        for (String component : components) {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(node.resolve(ChannelNames.component(component)))) {
                files = walk.filter(f -> f.getFileName().toString().contains(pid)).toList();
            }
            for (Path file : files) {
                Path copy = logs.resolve(node.relativize(file));
                Files.createDirectories(copy.getParent());
                Files.copy(file, copy);
            }
        }
        return directory;
    }

    /**
     * Deletes this process's channel logs of {@code components}, left by an earlier job of the
     * same JVM whose operators had the same names; call before running the next.
     */
    public static void forget(List<String> components) throws IOException {
        String pid = "." + ProcessHandle.current().pid() + ".";
        for (String component : components) {
            Path directory = nodeDirectory().resolve(ChannelNames.component(component));
            if (!Files.exists(directory)) {
                continue;
            }
            List<Path> files;
            try (Stream<Path> walk = Files.walk(directory)) {
                files = walk.filter(f -> f.getFileName().toString().contains(pid)).toList();
            }
            for (Path file : files) {
                Files.delete(file);
            }
        }
    }

    /**
     * Runs the analyzer on the logs of {@code components} ({@link #copyRun} into
     * {@code <directory>/logs}), its report into {@code <directory>/out}; a failure carries what
     * the analyzer printed. Needs a JVM without a test environment context: the analyzer starts
     * a local environment of its own.
     */
    public static AnalysisSummary analyse(List<String> components, Path directory)
            throws Exception {
        Path logs = copyRun(components, directory.resolve("logs"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try {
            return new Analyzer(AnalyzerOptions.of(List.of(logs), null,
                    directory.resolve("out")), new PrintStream(console, true)).run();
        } catch (IOException | RuntimeException e) {
            throw new AssertionError(console.toString(), e);
        }
    }

    /** How often each id was logged at {@code point} over the subtasks of {@code component}. */
    public static Map<Long, Long> idCounts(String component, int subtasks, ProbePoint point) {
        List<Long> ids = new ArrayList<>();
        for (int subtask = 0; subtask < subtasks; subtask++) {
            ids.addAll(ids(point.channelName(component, subtask)));
        }
        return ids.stream().collect(Collectors.groupingBy(Function.identity(),
                Collectors.counting()));
    }
}
