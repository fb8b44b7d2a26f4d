package org.cloudprofiler.flink.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;

/** Reads what a profiled job run in this test JVM logged. Stateless. */
final class JobLogs {

    private JobLogs() {}

    /** This process's node log directory. */
    static Path nodeDirectory() {
        return Path.of(CloudProfiler.logDirectory());
    }

    /** This node's {@code topology.json}. */
    static TopologyDescription topology() {
        try {
            return TopologyFile.read(nodeDirectory().resolve(TopologyFile.FILE_NAME));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The ids of every record of {@code channel}, in order. */
    static List<Long> ids(String channel) {
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

    /** How often each id was logged at {@code point} over the subtasks of {@code component}. */
    static Map<Long, Long> idCounts(String component, int subtasks, ProbePoint point) {
        List<Long> ids = new ArrayList<>();
        for (int subtask = 0; subtask < subtasks; subtask++) {
            ids.addAll(ids(point.channelName(component, subtask)));
        }
        return ids.stream().collect(Collectors.groupingBy(Function.identity(),
                Collectors.counting()));
    }
}
