package org.cloudprofiler.storm.testing;

import java.io.IOException;
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
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogSummary;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.storm.topology.TopologyJson;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.topology.TopologyFile;

/** Reads the channel logs this test JVM wrote. Stateless. */
public final class ProfileLogs {

    private ProfileLogs() {}

    /** This process's node log directory. */
    public static Path nodeDirectory() {
        return Path.of(CloudProfiler.logDirectory());
    }

    /** Values of column {@code column} of every record of {@code channel}, in order. */
    public static List<Long> column(String channel, String column) {
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(channel))) {
            int index = reader.header().columnIndex(column);
            List<Long> values = new ArrayList<>();
            for (long[] row : ChannelLogs.rows(reader)) {
                values.add(row[index]);
            }
            return values;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * How often each id was logged at {@code point} over every task of {@code component}, the
     * tasks taken from this node's {@code topology.json}.
     */
    public static Map<Long, Long> idCounts(String component, String point) {
        List<Long> ids = new ArrayList<>();
        for (int task : tasks(component)) {
            ids.addAll(column(component + "/" + task + "/" + point, "id"));
        }
        return ids.stream().collect(Collectors.groupingBy(Function.identity(),
                Collectors.counting()));
    }

    /** The task ids of {@code component}, from this node's {@code topology.json}. */
    public static List<Integer> tasks(String component) {
        return topology().components().stream().filter(c -> c.id().equals(component))
                .findFirst().orElseThrow(() -> new IllegalArgumentException(
                        "no component " + component + " in topology.json")).tasks();
    }

    /** This node's {@code topology.json}. */
    public static TopologyDescription topology() {
        try {
            return TopologyFile.read(nodeDirectory().resolve(TopologyFile.FILE_NAME));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What a full read of {@code channel}'s file found. */
    public static LogSummary summary(String channel) {
        try {
            return LogReader.scan(ChannelLogs.findOwn(channel));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every log file this process wrote for the channels of {@code component}. */
    public static List<Path> files(String component) {
        String pid = "." + ProcessHandle.current().pid() + ".";
        try (Stream<Path> files = Files.walk(nodeDirectory().resolve(component))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".cplog"))
                    .filter(f -> f.getFileName().toString().contains(pid)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
