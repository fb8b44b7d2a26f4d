package org.cloudprofiler.analyzer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntToLongFunction;
import java.util.function.LongUnaryOperator;
import org.cloudprofiler.log.LogFileBuilder;
import org.cloudprofiler.log.LogTrailer;

/**
 * Test-only writer of hand-built log sets with exactly known latencies: a topology
 * {@code spout -> sink}, the spout's channels on node-a, the sink's on {@code sinkNode}, whose
 * clock is {@code sinkClock} of node-a's (true time = node-a's ticks, 1 GHz). Tuple {@code i}
 * enters the spout at {@code START + i·10 µs}, leaves it {@code 100 + i} ns later, and reaches
 * the sink {@code 500 + i} ns after that. Public for cp-cli's tests through the test jar.
 */
public final class GoldenLogSet {

    /** Node-a's reading when the first tuple enters. */
    public static final long START = 10_000_000L;
    public static final long SPACING = 10_000L;
    public static final int BLOCK = 100;
    /** Wall clock of node-a's tick 0. */
    public static final long REALTIME_ZERO = 1_763_750_000_000_000_000L;

    private GoldenLogSet() {}

    public static long spoutIn(int tuple) {
        return START + tuple * SPACING;
    }

    public static long spoutOut(int tuple) {
        return spoutIn(tuple) + 100 + tuple;
    }

    /** True time (node-a ticks) of the sink's record. */
    public static long sinkIn(int tuple) {
        return spoutOut(tuple) + 500 + tuple;
    }

    /** The last tuple's true sink time plus 1 µs: when the pill reaches the sink. */
    public static long pill(int tuples) {
        return sinkIn(tuples - 1) + 1000;
    }

    /**
     * Writes {@code tuples} tuples under {@code root}.
     *
     * @param sinkClock node-a ticks to sink-node ticks
     */
    public static void write(Path root, int tuples, String sinkNode, LongUnaryOperator sinkClock)
            throws IOException {
        write(root, tuples, sinkNode, sinkClock, tuple -> sinkIn(tuple) - spoutOut(tuple));
    }

    /**
     * Writes {@code tuples} tuples under {@code root} whose transfer to the sink takes
     * {@code transferNs} (true time, node-a ticks; below zero for a log that breaks the bound);
     * the pill reaches the sink 1 µs after the last tuple.
     *
     * @param sinkClock node-a ticks to sink-node ticks
     */
    public static void write(Path root, int tuples, String sinkNode, LongUnaryOperator sinkClock,
            IntToLongFunction transferNs) throws IOException {
        long[] ids = new long[tuples];
        long[] in = new long[tuples];
        long[] out = new long[tuples];
        long[] sink = new long[tuples];
        for (int i = 0; i < tuples; i++) {
            ids[i] = 1000 + i;
            in[i] = spoutIn(i);
            out[i] = spoutOut(i);
            sink[i] = sinkClock.applyAsLong(out[i] + transferNs.applyAsLong(i));
        }
        LongUnaryOperator same = LongUnaryOperator.identity();
        writeIds(root, "node-a", "spout/1/in", ids, in, same);
        writeIds(root, "node-a", "spout/1/out", ids, out, same);
        writeIds(root, sinkNode, "sink/2/in", ids, sink, sinkClock);
        write(root, "node-a", "spout/1/first-last", channel("node-a", "spout/1/first-last", 7,
                same).block(new long[] {ids[0], -1}, new long[] {in[0], in[tuples - 1] + 50}),
                1, 2);
        write(root, sinkNode, "sink/2/first-last", channel(sinkNode, "sink/2/first-last", 7,
                sinkClock).block(new long[] {ids[0], -1}, new long[] {sink[0],
                    sinkClock.applyAsLong(out[tuples - 1] + transferNs.applyAsLong(tuples - 1)
                            + 1000)}), 1, 2);
        write(root, "node-a", "spout/1/count", channel("node-a", "spout/1/count", 3, same)
                .columns("tsc", "count").block(new long[] {START, START + 1_000_000,
                    in[tuples - 1] + 1}, new long[] {0, tuples / 2, tuples}), 1, 3);
        // cpu_ns is -1 before the writer's first call and once its thread has ended (a bolt's
        // channels close after its executor thread stops): only the samples between count.
        write(root, "node-a", "spout/1/cpu", channel("node-a", "spout/1/cpu", 8, same)
                .columns("tsc", "count", "cpu_ns").block(new long[] {START - 10, START,
                    in[tuples - 1] + 1, in[tuples - 1] + 1_000},
                        new long[] {0, 0, tuples, tuples},
                        new long[] {-1, 5_000, 5_000 + 200L * tuples, -1}), 1, 4);
        for (String node : new String[] {"node-a", sinkNode}) {
            writeChainTopology(root, node, "spout", "sink");
        }
    }

    /**
     * Writes the topology.json of a chain of {@code components} into {@code node}'s directory:
     * the first is the source, the last the sink, each with one task (1, 2, ...) and its
     * channels under its own name, each subscribed to the one before it (shuffle grouping).
     */
    static void writeChainTopology(Path root, String node, String... components)
            throws IOException {
        List<String> described = new ArrayList<>();
        List<String> edges = new ArrayList<>();
        for (int i = 0; i < components.length; i++) {
            String role = i == 0 ? "source" : i == components.length - 1 ? "sink" : "inner";
            described.add("""
                    {"id":"%s","kind":"%s","role":"%s","channelPrefix":"%1$s",
                     "parallelism":1,"tasks":[%d]}""".formatted(components[i],
                    i == 0 ? "spout" : "bolt", role, i + 1));
            if (i > 0) {
                edges.add("""
                        {"from":"%s","to":"%s","stream":"default","grouping":"shuffle",
                         "fields":[]}""".formatted(components[i - 1], components[i]));
            }
        }
        Files.createDirectories(root.resolve(node));
        Files.writeString(root.resolve(node).resolve("topology.json"), """
                {"format":"cloudprofiler-topology/1","engine":"storm","topologyName":"golden",
                 "stormId":"golden-1","node":"%s","pillStream":"cloudprofiler-pill",
                 "tupleIds":"field offset","components":[%s],"tasks":[],"edges":[%s]}
                """.formatted(node, String.join(",", described), String.join(",", edges)));
    }

    /** Writes an id channel of {@code ids} logged at {@code tscs}, in blocks of {@link #BLOCK}. */
    static void writeIds(Path root, String node, String name, long[] ids, long[] tscs,
            LongUnaryOperator clock) throws IOException {
        LogFileBuilder builder = channel(node, name, 2, clock);
        int blocks = 0;
        for (int from = 0; from < ids.length; from += BLOCK) {
            int to = Math.min(ids.length, from + BLOCK);
            builder.block(Arrays.copyOfRange(ids, from, to), Arrays.copyOfRange(tscs, from, to));
            blocks++;
        }
        write(root, node, name, builder, blocks, ids.length);
    }

    /** A builder for one channel whose header's clock pair maps {@code clock} onto the wall. */
    static LogFileBuilder channel(String node, String name, int handler,
            LongUnaryOperator clock) {
        return new LogFileBuilder().node(node).channel(name).handlerId(handler)
                .tscHz(1_000_000_000L).openClocks(clock.applyAsLong(0), 0, REALTIME_ZERO);
    }

    static void write(Path root, String node, String name, LogFileBuilder builder,
            int blocks, long records) throws IOException {
        byte[] file = builder.trailer(new LogTrailer(records, blocks, records, 0, 0, 0, 0, 0, 0,
                0, 0, 1, LogTrailer.CLOSED_BY_CALL)).build();
        Path path = root.resolve(node).resolve(name + ".1.1.cplog");
        Files.createDirectories(path.getParent());
        Files.write(path, file);
    }
}
