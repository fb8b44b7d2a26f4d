package org.cloudprofiler.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;

/**
 * Writes the analyzer benchmark's log set with the native library: {@code tuples} tuples through
 * a three-component chain {@code src -> mid -> snk}, each logging {@code in} and {@code out}
 * (six BUFFERED_ID zstd channels, so six records per tuple), the first/last markers of the
 * source and the sink, and the topology.json the analyzer derives the hops from. Logs go to
 * {@code $CP_LOG_DIR/$CP_NODE_ID}, as for any profiled process.
 *
 * <pre>CP_LOG_DIR=/tmp/set CP_ON_FULL=block java -cp bench/target/benchmarks.jar \
 *     org.cloudprofiler.bench.AnalyzerLogSet 10000000</pre>
 */
public final class AnalyzerLogSet {

    private static final String[] COMPONENTS = {"src", "mid", "snk"};

    private AnalyzerLogSet() {}

    public static void main(String[] args) throws IOException {
        long tuples = args.length > 0 ? (long) Double.parseDouble(args[0]) : 10_000_000L;
        long[] channels = new long[COMPONENTS.length * 2];
        for (int c = 0; c < COMPONENTS.length; c++) {
            channels[2 * c] = CloudProfiler.openChannel(
                    ProbePoint.IN.channelName(COMPONENTS[c], c), LogFormat.ZSTD,
                    HandlerType.BUFFERED_ID);
            channels[2 * c + 1] = CloudProfiler.openChannel(
                    ProbePoint.OUT.channelName(COMPONENTS[c], c), LogFormat.ZSTD,
                    HandlerType.BUFFERED_ID);
        }
        long first = CloudProfiler.openChannel(
                ProbePoint.FIRST_LAST.channelName(COMPONENTS[0], 0), LogFormat.ZSTD,
                HandlerType.FIRST_LAST);
        int sink = COMPONENTS.length - 1;
        long last = CloudProfiler.openChannel(
                ProbePoint.FIRST_LAST.channelName(COMPONENTS[sink], sink), LogFormat.ZSTD,
                HandlerType.FIRST_LAST);
        long started = System.nanoTime();
        for (long id = 0; id < tuples; id++) {
            if (id == 0) {
                CloudProfiler.logTS(first, id);
            }
            for (long channel : channels) {
                CloudProfiler.logTS(channel, id);
            }
            if (id == 0) {
                CloudProfiler.logTS(last, id);
            }
        }
        CloudProfiler.logTS(first, HandlerType.POISON_PILL_ID);
        CloudProfiler.logTS(last, HandlerType.POISON_PILL_ID);
        for (long channel : channels) {
            CloudProfiler.closeChannel(channel);
        }
        CloudProfiler.closeChannel(first);
        CloudProfiler.closeChannel(last);
        writeTopology(Path.of(CloudProfiler.logDirectory()));
        System.out.printf(Locale.ROOT, "wrote %,d tuples x %d channels (%,d records) in %.1f s"
                + " to %s%n", tuples, channels.length, tuples * channels.length,
                (System.nanoTime() - started) / 1e9, CloudProfiler.logDirectory());
    }

    private static void writeTopology(Path directory) throws IOException {
        List<TopologyDescription.Component> components = new ArrayList<>();
        List<TopologyDescription.Edge> edges = new ArrayList<>();
        for (int c = 0; c < COMPONENTS.length; c++) {
            ComponentRole role = c == 0 ? ComponentRole.SOURCE
                    : c == COMPONENTS.length - 1 ? ComponentRole.SINK : ComponentRole.INNER;
            components.add(new TopologyDescription.Component(COMPONENTS[c], null,
                    c == 0 ? "spout" : "bolt", role, COMPONENTS[c], 1, List.of(c), 0));
            if (c > 0) {
                edges.add(new TopologyDescription.Edge(COMPONENTS[c - 1], COMPONENTS[c],
                        "default", "shuffle", List.of(), false));
            }
        }
        TopologyFile.write(directory.resolve(TopologyFile.FILE_NAME),
                new TopologyDescription(TopologyDescription.FORMAT, "bench", null, "bench-1",
                        null, directory.getFileName().toString(), null, null, null, components,
                        List.of(), edges));
    }
}
