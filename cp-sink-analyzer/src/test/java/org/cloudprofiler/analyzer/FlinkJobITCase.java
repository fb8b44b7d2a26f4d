package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.IntToLongFunction;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;
import org.cloudprofiler.analyzer.compare.HopComparison;
import org.cloudprofiler.analyzer.compare.RunComparison;
import org.cloudprofiler.analyzer.compare.SummaryFile;
import org.cloudprofiler.analyzer.compare.Verdict;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.AnalysisSummary.HopRow;
import org.cloudprofiler.analyzer.report.ComparisonTable;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Flink job's logs and topology.json, built by hand on one node with exactly known latencies:
 * every operator has subtasks 0 and 1, the source is chained to the filter, which feeds the
 * window by hash and the rules by broadcast, and the rules are chained to the alert. Tuple
 * {@code i} passes source and filter subtask {@code i % 2}, window subtask {@code (i / 2) % 2},
 * and both subtasks of rules and alert. The analyzer completes every tuple, reports the chained
 * hand-offs as chained hops in every output, and compare matches them between two runs.
 */
class FlinkJobITCase {

    private static final int TUPLES = 200;
    /** From a source's {@code out} to its filter's {@code in} in the first run. */
    private static final long CHAINED_NS = 5;
    private static final String CHAINED_HOP = "source -> filter (chained)";

    @TempDir
    Path directory;

    @Test
    void everyTupleCompletesAndTheChainedHandOffsAreChainedHopsInEveryOutput() throws Exception {
        Path logs = directory.resolve("logs");
        writeJob(logs, CHAINED_NS);
        Path out = directory.resolve("out");
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(List.of(logs), null, out)
                .withParallelism(2), new PrintStream(console, true, StandardCharsets.UTF_8))
                .run();

        assertEquals(TUPLES, summary.tuples().complete(), summary.notes()::toString);
        assertEquals(0, summary.tuples().timedOut(), summary.notes()::toString);
        assertEquals(List.of("source:COMPUTE", CHAINED_HOP + ":CHAINED", "filter:COMPUTE",
                "filter -> window:TRANSFER", "filter -> rules:TRANSFER", "rules:COMPUTE",
                "rules -> alert (chained):CHAINED", "source => window:END_TO_END",
                "source => alert:END_TO_END"), summary.hops().stream()
                        .map(hop -> hop.hop() + ":" + hop.kind()).toList());
        HopRow chained = row(summary, CHAINED_HOP);
        assertEquals("LOCAL", chained.locality());
        assertEquals(TUPLES, chained.boundedSamples());
        assertEquals(CHAINED_NS, chained.latencyNs().p50(), 0);
        assertEquals(0, chained.boundNs().max(), 0);
        // Both rules subtasks see every tuple; each hands it to the alert subtask it runs with.
        assertEquals(2 * TUPLES, row(summary, "rules -> alert (chained)").boundedSamples());
        JsonNode written = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals("CHAINED", written.get("hops").get(1).get("kind").asText());
        assertTrue(Files.readString(out.resolve("hops.csv"))
                .contains("\n" + CHAINED_HOP + ",CHAINED,source,filter,LOCAL,"));
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("<td>source -&gt; filter (chained)</td>"), html);
        assertTrue(html.contains("stroke-dasharray"), "a dashed arrow");
        assertTrue(html.contains(">chained: the next operator in the same thread, a method"
                + " call</text>"), "the legend");
        assertTrue(console.toString(StandardCharsets.UTF_8).contains(CHAINED_HOP),
                console::toString);
    }

    @Test
    void compareMatchesChainedHopsWithChainedHops() throws Exception {
        Path outA = analyze("a", CHAINED_NS);
        Path outB = analyze("b", CHAINED_NS + 40);

        RunComparison comparison = RunComparison.of(SummaryFile.read(outA),
                SummaryFile.read(outB));

        HopComparison chained = comparison.hops().stream()
                .filter(hop -> hop.hop().equals(CHAINED_HOP)).findFirst().orElseThrow();
        assertEquals("CHAINED", chained.kind());
        assertNotNull(chained.a());
        assertNotNull(chained.b());
        assertEquals(Verdict.SLOWER, chained.p50().verdict());
        assertEquals(40, chained.p50().differenceNs(), 0);
        assertEquals(comparison.a().hops().size(), comparison.hops().size(),
                "every row matched");
        assertTrue(ComparisonTable.render(comparison).contains(CHAINED_HOP));
    }

    private Path analyze(String run, long chainedNs) throws Exception {
        Path logs = directory.resolve(run).resolve("logs");
        writeJob(logs, chainedNs);
        Path out = directory.resolve(run).resolve("out");
        new Analyzer(AnalyzerOptions.of(List.of(logs), null, out).withParallelism(2),
                System.err).run();
        return out;
    }

    private static HopRow row(AnalysisSummary summary, String hop) {
        return summary.hops().stream().filter(row -> row.hop().equals(hop)).findFirst()
                .orElseThrow();
    }

    /**
     * Tuple {@code i} enters its source subtask at {@code i} µs, leaves it 50 ns later, enters
     * the filter {@code chainedNs} after that and leaves it at 100 ns; the rules take it at 200
     * and hand it to the alert at 240 ns, 7 ns before the alert takes it; the window at 300 ns.
     */
    private static void writeJob(Path logs, long chainedNs) throws Exception {
        for (int subtask = 0; subtask < 2; subtask++) {
            int s = subtask;
            IntPredicate own = i -> i % 2 == s;
            writeIds(logs, "source/" + s + "/in", own, i -> 0);
            writeIds(logs, "source/" + s + "/out", own, i -> 50);
            writeIds(logs, "filter/" + s + "/in", own, i -> 50 + chainedNs);
            writeIds(logs, "filter/" + s + "/out", own, i -> 100);
            writeIds(logs, "window/" + s + "/in", i -> (i / 2) % 2 == s, i -> 300);
            writeIds(logs, "rules/" + s + "/in", i -> true, i -> 200);
            writeIds(logs, "rules/" + s + "/out", i -> true, i -> 240);
            writeIds(logs, "alert/" + s + "/in", i -> true, i -> 247);
        }
        TopologyFile.write(logs.resolve("node-a").resolve(TopologyFile.FILE_NAME), job());
    }

    private static TopologyDescription job() {
        List<TopologyDescription.Component> operators = new ArrayList<>();
        String[][] described = {{"source", "source"}, {"filter", "inner"}, {"window", "sink"},
            {"rules", "inner"}, {"alert", "sink"}};
        for (String[] operator : described) {
            operators.add(new TopologyDescription.Component(operator[0], null,
                    operator[0].equals("source") ? "source" : "operator",
                    ComponentRole.ofJsonName(operator[1]), operator[0], 2, List.of(0, 1),
                    operators.size() << 12));
        }
        return new TopologyDescription(TopologyDescription.FORMAT, "flink", "flink-job", null,
                "3f2c09a1d4e5b6c7f8a9b0c1d2e3f4a5", "node-a", null, "JofSource ids", null, operators,
                List.of(), List.of(edge("source", "filter", "forward", true),
                        edge("filter", "window", "hash", false),
                        edge("filter", "rules", "broadcast", false),
                        edge("rules", "alert", "forward", true)));
    }

    private static TopologyDescription.Edge edge(String from, String to, String grouping,
            boolean chained) {
        return new TopologyDescription.Edge(from, to, "default", grouping, List.of(), chained);
    }

    private static void writeIds(Path logs, String channel, IntPredicate takes,
            IntToLongFunction offsetNs) throws Exception {
        int[] tuples = IntStream.range(0, TUPLES).filter(takes).toArray();
        long[] ids = IntStream.of(tuples).mapToLong(i -> 1000 + i).toArray();
        long[] tscs = IntStream.of(tuples).mapToLong(i -> GoldenLogSet.START + i * 1_000L
                + offsetNs.applyAsLong(i)).toArray();
        GoldenLogSet.writeIds(logs, "node-a", channel, ids, tscs, LongUnaryOperator.identity());
    }
}
