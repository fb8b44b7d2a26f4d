package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import java.util.stream.LongStream;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.log.LogFileBuilder;
import org.cloudprofiler.log.LogTrailer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CPU per tuple split into the user's code and the engine, on a hand-built log set of one node
 * ({@code events -> filter -> sink}, 1 GHz): tuples enter every 20 µs (50,000 tuples/s), the
 * filter spends 400 ns from {@code in} to {@code out} and lets every second tuple through, and
 * its executor thread burns 6 µs of CPU per tuple, most of it the engine's. The split must say
 * so, with the rate, and refuse to split what the points cannot separate.
 */
class CpuSplitITCase {

    private static final int TUPLES = 1_000;
    private static final long START = 10_000_000L;
    private static final long SPACING_NS = 20_000L;
    private static final long END = START + TUPLES * SPACING_NS;
    private static final long FILTER_IN_TO_OUT_NS = 400;

    @TempDir
    Path directory;

    @Test
    void aBusyThreadWithShortInToOutIsMostlyEngine() throws Exception {
        writeLogSet(6_000);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(
                List.of(directory.resolve("logs")), null, directory.resolve("out")),
                new PrintStream(console, true)).run();

        AnalysisSummary.Cpu filter = cpu(summary, "filter");
        assertEquals(TUPLES, filter.tuples());
        assertEquals(50_000, filter.tuplesPerSecond(), 1e-6);
        assertEquals(6_000, filter.threadNsPerTuple(), 1e-9);
        assertEquals(TUPLES, filter.inTuples());
        assertEquals(TUPLES / 2, filter.userCodeTuples());
        // 400 ns for each tuple that left, none for those it filtered out: 200 ns per tuple in.
        assertEquals(200, filter.userCodeNsPerTuple(), 1e-9);
        assertEquals(5_800, filter.engineNsPerTuple(), 1e-9);
        assertNull(filter.note());

        AnalysisSummary.Cpu events = cpu(summary, "events");
        assertEquals(3_000, events.threadNsPerTuple(), 1e-9);
        assertEquals(50_000, events.tuplesPerSecond(), 1e-6);
        assertNull(events.userCodeNsPerTuple());
        assertTrue(events.note().contains("source"), events.note());

        AnalysisSummary.Cpu sink = cpu(summary, "sink");
        assertEquals(2_500, sink.threadNsPerTuple(), 1e-9);
        assertEquals(25_000, sink.tuplesPerSecond(), 1e-6);
        assertNull(sink.userCodeNsPerTuple());
        assertNull(sink.engineNsPerTuple());
        assertTrue(sink.note().contains("sink"), sink.note());

        String printed = console.toString();
        assertTrue(printed.matches("(?s).*\\n  filter +6\\.00 µs at 50\\.0 k tuples/s = 200 ns in"
                + " the user's code \\+ 5\\.80 µs in the engine\\n.*"), printed);
        assertTrue(printed.contains("(user's code: in -> out; engine: the rest"), printed);
        JsonNode written = new ObjectMapper().readTree(directory.resolve("out/summary.json")
                .toFile());
        JsonNode filterJson = written.path("operators").get(1).path("cpu");
        assertEquals(200, filterJson.path("userCodeNsPerTuple").asDouble(), 1e-9);
        assertEquals(5_800, filterJson.path("engineNsPerTuple").asDouble(), 1e-9);
        assertEquals(50_000, filterJson.path("tuplesPerSecond").asDouble(), 1e-6);
        String report = Files.readString(directory.resolve("out/report.html"));
        assertTrue(report.contains("6.00 µs = 200 ns user code + 5.80 µs engine"), report);
    }

    @Test
    void inToOutLongerThanTheThreadsCpuGivesNoEngineShare() throws Exception {
        writeLogSet(100);
        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(
                List.of(directory.resolve("logs")), null, directory.resolve("out")),
                new PrintStream(new ByteArrayOutputStream(), true)).run();

        AnalysisSummary.Cpu filter = cpu(summary, "filter");
        assertEquals(100, filter.threadNsPerTuple(), 1e-9);
        assertEquals(200, filter.userCodeNsPerTuple(), 1e-9);
        assertNull(filter.engineNsPerTuple());
        assertTrue(filter.note().contains("descheduled"), filter.note());
    }

    @Test
    void aChainedOperatorsThreadCpuIsTheChainsAndOnlyItsUserCodeIsItsOwn() throws Exception {
        writeLogSet(6_000, true);
        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(
                List.of(directory.resolve("logs")), null, directory.resolve("out")),
                new PrintStream(new ByteArrayOutputStream(), true)).run();

        AnalysisSummary.Cpu filter = cpu(summary, "filter");
        assertEquals(6_000, filter.threadNsPerTuple(), 1e-9);
        assertEquals(200, filter.userCodeNsPerTuple(), 1e-9);
        // The thread also ran the chained source's work: no engine share to tell.
        assertNull(filter.engineNsPerTuple());
        assertTrue(filter.note().contains("one thread with events"), filter.note());
    }

    /**
     * The filter's tasks on two nodes, one of them (node-c) without a clock map to the reference:
     * its compute samples are unbounded, so a figure over the bounded ones divided by every
     * tuple that entered would be wrong (200 ns here, where the truth is 600 ns). None is given.
     */
    @Test
    void computeSamplesOfANodeWithoutAClockMapGiveNoUserCodeFigure() throws Exception {
        Path root = directory.resolve("logs");
        long[] even = LongStream.range(0, TUPLES).filter(i -> i % 2 == 0).toArray();
        long[] odd = LongStream.range(0, TUPLES).filter(i -> i % 2 == 1).toArray();
        long[] all = LongStream.range(0, TUPLES).toArray();
        ids(root, "node-a", "events/1/in", all, 0);
        ids(root, "node-a", "events/1/out", all, 50);
        ids(root, "node-a", "filter/2/in", even, 1_000);
        ids(root, "node-a", "filter/2/out", even, 1_400);
        ids(root, "node-c", "filter/4/in", odd, 1_000);
        ids(root, "node-c", "filter/4/out", odd, 1_800);
        ids(root, "node-b", "sink/3/in", all, 3_000);
        for (String[] task : new String[][] {{"node-a", "filter/2/cpu"},
                {"node-c", "filter/4/cpu"}}) {
            GoldenLogSet.write(root, task[0], task[1], GoldenLogSet.channel(task[0], task[1], 8,
                    clockOf(task[0])).columns("tsc", "count", "cpu_ns").block(
                            new long[] {START, END}, new long[] {0, TUPLES / 2},
                            new long[] {0, 6_000L * TUPLES / 2}), 1, 2);
        }
        for (String node : new String[] {"node-a", "node-b", "node-c"}) {
            Files.writeString(root.resolve(node).resolve("topology.json"), """
                    {"format":"cloudprofiler-topology/1","runId":"cpu-split",
                     "components":[
                      {"id":"events","role":"source","channelPrefix":"events","tasks":[1]},
                      {"id":"filter","role":"inner","channelPrefix":"filter","tasks":[2,4]},
                      {"id":"sink","role":"sink","channelPrefix":"sink","tasks":[3]}],
                     "edges":[{"from":"events","to":"filter","grouping":"shuffle"},
                      {"from":"filter","to":"sink","grouping":"shuffle"}]}
                    """);
        }
        Path sync = directory.resolve("sync.json");
        Files.writeString(sync, GoldenNumbersITCase.syncJson());
        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(List.of(root), sync,
                directory.resolve("out")).withReference("node-a"),
                new PrintStream(new ByteArrayOutputStream(), true)).run();

        AnalysisSummary.Cpu filter = cpu(summary, "filter");
        assertEquals(TUPLES, filter.inTuples());
        assertEquals(TUPLES, filter.userCodeTuples());
        assertNull(filter.userCodeNsPerTuple());
        assertNull(filter.engineNsPerTuple());
        assertTrue(filter.note().contains("500 of its 1,000 compute samples are unbounded")
                && filter.note().contains("Fix:"), filter.note());
    }

    private static LongUnaryOperator clockOf(String node) {
        return node.equals("node-b") ? GoldenNumbersITCase.NODE_B : LongUnaryOperator.identity();
    }

    /** Tuple {@code i} (id {@code i + 1}) at {@code START + i·SPACING + offsetNs} on node. */
    private static void ids(Path root, String node, String name, long[] tuples, long offsetNs)
            throws IOException {
        LongUnaryOperator clock = clockOf(node);
        GoldenLogSet.writeIds(root, node, name, LongStream.of(tuples).map(i -> i + 1).toArray(),
                LongStream.of(tuples).map(i -> clock.applyAsLong(START + i * SPACING_NS
                        + offsetNs)).toArray(), clock);
    }

    private static AnalysisSummary.Cpu cpu(AnalysisSummary summary, String component) {
        return summary.operators().stream().filter(o -> o.component().equals(component))
                .findFirst().orElseThrow().cpu();
    }

    private void writeLogSet(long filterCpuNsPerTuple) throws IOException {
        writeLogSet(filterCpuNsPerTuple, false);
    }

    /**
     * The log set, with the filter's thread spending {@code filterCpuNsPerTuple}; with
     * {@code chained}, the events → filter edge is a Flink chain.
     */
    private void writeLogSet(long filterCpuNsPerTuple, boolean chained) throws IOException {
        Path root = directory.resolve("logs");
        long[] all = LongStream.range(0, TUPLES).toArray();
        long[] passed = LongStream.range(0, TUPLES).filter(i -> i % 2 == 0).toArray();
        ids(root, "events/1/in", all, 0);
        ids(root, "events/1/out", all, 50);
        ids(root, "filter/2/in", all, 1_000);
        ids(root, "filter/2/out", passed, 1_000 + FILTER_IN_TO_OUT_NS);
        ids(root, "sink/3/in", passed, 2_000);
        // cpu_ns is -1 until the writer's first call and once its thread has ended.
        cpu(root, "events/1/cpu", new long[] {START - 10, START, END},
                new long[] {0, 0, TUPLES}, new long[] {-1, 1_000_000, 1_000_000 + 3_000L * TUPLES});
        cpu(root, "filter/2/cpu", new long[] {START, END, END + 1_000},
                new long[] {0, TUPLES, TUPLES}, new long[] {2_000_000,
                    2_000_000 + filterCpuNsPerTuple * TUPLES, -1});
        cpu(root, "sink/3/cpu", new long[] {START, END}, new long[] {0, TUPLES / 2},
                new long[] {0, 2_500L * TUPLES / 2});
        write(root, "events/1/first-last", channel("events/1/first-last", 7)
                .block(new long[] {1, -1}, new long[] {START, END}), 2);
        write(root, "sink/3/first-last", channel("sink/3/first-last", 7)
                .block(new long[] {1, -1}, new long[] {START + 2_000, END + 5_000}), 2);
        Files.writeString(root.resolve("node-a/topology.json"), """
                {"format":"cloudprofiler-topology/1","runId":"cpu-split",
                 "components":[
                  {"id":"events","role":"source","channelPrefix":"events","tasks":[1]},
                  {"id":"filter","role":"inner","channelPrefix":"filter","tasks":[2]},
                  {"id":"sink","role":"sink","channelPrefix":"sink","tasks":[3]}],
                 "edges":[{"from":"events","to":"filter","grouping":"shuffle","chained":%s},
                  {"from":"filter","to":"sink","grouping":"shuffle"}]}
                """.formatted(chained));
    }

    /** Tuple {@code i} (id {@code i + 1}) at {@code START + i·SPACING + offsetNs}. */
    private static void ids(Path root, String name, long[] tuples, long offsetNs)
            throws IOException {
        long[] ids = LongStream.of(tuples).map(i -> i + 1).toArray();
        long[] tscs = LongStream.of(tuples).map(i -> START + i * SPACING_NS + offsetNs).toArray();
        write(root, name, channel(name, 2).block(ids, tscs), ids.length);
    }

    private static void cpu(Path root, String name, long[] tscs, long[] counts, long[] cpuNs)
            throws IOException {
        write(root, name, channel(name, 8).columns("tsc", "count", "cpu_ns")
                .block(tscs, counts, cpuNs), tscs.length);
    }

    private static LogFileBuilder channel(String name, int handler) {
        return GoldenLogSet.channel("node-a", name, handler, LongUnaryOperator.identity());
    }

    private static void write(Path root, String name, LogFileBuilder builder, long records)
            throws IOException {
        byte[] file = builder.trailer(new LogTrailer(records, 1, records, 0, 0, 0, 0, 0, 0, 0,
                0, 1, LogTrailer.CLOSED_BY_CALL)).build();
        Path path = root.resolve("node-a").resolve(name + ".1.1.cplog");
        Files.createDirectories(path.getParent());
        Files.write(path, file);
    }
}
