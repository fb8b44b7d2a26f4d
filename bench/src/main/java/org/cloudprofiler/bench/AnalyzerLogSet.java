package org.cloudprofiler.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;

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
            channels[2 * c] = CloudProfiler.openChannel(COMPONENTS[c] + "/" + c + "/in",
                    LogFormat.ZSTD, HandlerType.BUFFERED_ID);
            channels[2 * c + 1] = CloudProfiler.openChannel(COMPONENTS[c] + "/" + c + "/out",
                    LogFormat.ZSTD, HandlerType.BUFFERED_ID);
        }
        long first = CloudProfiler.openChannel("src/0/first-last", LogFormat.ZSTD,
                HandlerType.FIRST_LAST);
        long last = CloudProfiler.openChannel("snk/2/first-last", LogFormat.ZSTD,
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
        StringBuilder components = new StringBuilder();
        for (int c = 0; c < COMPONENTS.length; c++) {
            String role = c == 0 ? "source" : c == COMPONENTS.length - 1 ? "sink" : "inner";
            components.append(c == 0 ? "" : ",").append(String.format(Locale.ROOT,
                    "{\"id\":\"%s\",\"kind\":\"%s\",\"role\":\"%s\",\"channelPrefix\":\"%s\","
                            + "\"parallelism\":1,\"tasks\":[%d]}", COMPONENTS[c],
                    c == 0 ? "spout" : "bolt", role, COMPONENTS[c], c));
        }
        Files.writeString(directory.resolve("topology.json"), "{\"format\":"
                + "\"cloudprofiler-topology/1\",\"engine\":\"bench\",\"stormId\":\"bench-1\","
                + "\"components\":[" + components + "],\"tasks\":[],\"edges\":["
                + "{\"from\":\"src\",\"to\":\"mid\",\"grouping\":\"shuffle\"},"
                + "{\"from\":\"mid\",\"to\":\"snk\",\"grouping\":\"shuffle\"}]}\n");
    }
}
