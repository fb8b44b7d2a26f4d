package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.cloudprofiler.analyzer.GoldenNumbersITCase.MinRttFormulas;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.AnalysisSummary.HopRow;
import org.cloudprofiler.tupleid.MintedTupleIds;

/**
 * Hand-built log sets of the lineage rule of docs/design.md ("Tuple lineage") whose every
 * duration is known, across two nodes with a known skew and sync data (node-a the reference,
 * node-b {@link GoldenNumbersITCase#NODE_B}), and the checks every sample must pass: the
 * duration the design's formulas give for its records, within its bound of the truth.
 */
final class LineageLogSet {

    static final int SENTENCES = 200;
    static final int CLICKS = 300;
    static final int CLICKS_PER_WINDOW = 10;
    static final long SPACING = 20_000;
    /** Flink's layout: each operator's origin is its position shifted left by 12. */
    static final int SOURCE_ORIGIN = 0;
    static final int OPERATOR_ORIGIN = 1 << 12;
    static final int SINK_ORIGIN = 2 << 12;
    static final long SOURCE_COMPUTE_NS = 100;
    static final long TO_OPERATOR_NS = 200;
    static final long WORD_NS = 100;
    static final long TO_SINK_NS = 500;
    static final long TRIGGER_DELAY_NS = 50;
    static final long WINDOW_EMIT_NS = 400;
    /** From a window's last click entering the source to the watermark that closes it. */
    static final long RELEASE_NS = 150;
    /** Event time per window: window {@code j} is fired by watermark {@code (j + 1)} of it. */
    static final long WINDOW_MS = 1_000;

    /** Sentence {@code i}'s arrival at the source: node-a ticks. */
    static long sentenceIn(int i) {
        return GoldenLogSet.START + i * SPACING;
    }

    /** How many words sentence {@code i} splits into: 1 to 4. */
    static int words(int i) {
        return 1 + i % 4;
    }

    /** Word {@code k} of sentence {@code i} leaves the splitter: node-a ticks. */
    static long wordOut(int i, int k) {
        return sentenceIn(i) + SOURCE_COMPUTE_NS + TO_OPERATOR_NS + WORD_NS * (k + 1);
    }

    /**
     * The id of word {@code k} of sentence {@code i}: the sentence's own (minted at the source)
     * for the first word, else the splitter's next minted id, in the order words are made.
     */
    static long wordId(int i, int k) {
        if (k == 0) {
            return MintedTupleIds.compose(SOURCE_ORIGIN, 0, i + 1);
        }
        long before = 0;
        for (int j = 0; j < i; j++) {
            before += words(j) - 1;
        }
        return MintedTupleIds.compose(OPERATOR_ORIGIN, 0, before + k);
    }

    private LineageLogSet() {}

    static AnalysisSummary analyze(AnalyzerOptions options) throws Exception {
        return new Analyzer(options, new PrintStream(new ByteArrayOutputStream(), true)).run();
    }

    /**
     * The duration the design's MinRTT map gives from {@code startTicks} on node-a to
     * {@code endTicks} on node-b and its bound; checked here against the truth.
     */
    static double[] measured(long startTicks, long endTicks, long truthNs) {
        MinRttFormulas formulas = new MinRttFormulas();
        double latency = formulas.translate(endTicks) - startTicks;
        double bound = formulas.boundWithAllowance(endTicks);
        assertTrue(Math.abs(latency - truthNs) <= bound,
                latency + " ± " + bound + " misses the truth " + truthNs);
        return new double[] {latency, bound};
    }

    /** Every sample of {@code row} and its bound are those of {@code samples}, and no more. */
    static void assertMeasured(HopRow row, List<double[]> samples) {
        assertEquals(samples.size(), row.samples(), row.hop());
        assertEquals(samples.size(), row.boundedSamples(), row.hop());
        GoldenNumbersITCase.assertStats(row.latencyNs(),
                samples.stream().mapToDouble(sample -> sample[0]).toArray());
        GoldenNumbersITCase.assertStats(row.boundNs(),
                samples.stream().mapToDouble(sample -> sample[1]).toArray());
    }

    /** {@code samples} samples of {@code row}, each exactly {@code ns} (one node, bound 0). */
    static void assertConstant(HopRow row, int samples, long ns) {
        assertEquals(samples, row.samples(), row.hop());
        assertEquals(ns, row.latencyNs().min(), 0, row.hop());
        assertEquals(ns, row.latencyNs().max(), 0, row.hop());
        assertEquals(0, row.boundNs().max(), 0, row.hop());
    }

    /** Writes the sync data of node-a and node-b into {@code directory}. */
    static Path sync(Path directory) throws IOException {
        Path sync = directory.resolve("sync.json");
        Files.writeString(sync, GoldenNumbersITCase.syncJson());
        return sync;
    }

    /**
     * {@code lines -> split -> count}: sentence {@code i} (an id its source minted) splits into
     * {@link #words} words; the first keeps the sentence's id, the others get ids the splitter
     * mints, {@code in} records at the sentence's {@code in} and lineage records. The count
     * runs on node-b.
     *
     * @return how many words got minted ids
     */
    static int writeSentences(Path logs) throws IOException {
        List<long[]> linesIn = new ArrayList<>();
        List<long[]> linesOut = new ArrayList<>();
        List<long[]> splitIn = new ArrayList<>();
        List<long[]> splitOut = new ArrayList<>();
        List<long[]> lineage = new ArrayList<>();
        List<long[]> countIn = new ArrayList<>();
        int minted = 0;
        for (int i = 0; i < SENTENCES; i++) {
            long sentence = wordId(i, 0);
            long in = sentenceIn(i);
            linesIn.add(new long[] {sentence, in});
            linesOut.add(new long[] {sentence, in + SOURCE_COMPUTE_NS});
            long splitterIn = in + SOURCE_COMPUTE_NS + TO_OPERATOR_NS;
            splitIn.add(new long[] {sentence, splitterIn});
            for (int k = 0; k < words(i); k++) {
                long word = wordId(i, k);
                if (k > 0) {
                    minted++;
                    splitIn.add(new long[] {word, splitterIn});
                    lineage.add(new long[] {word, sentence});
                }
                splitOut.add(new long[] {word, wordOut(i, k)});
                countIn.add(new long[] {word, wordOut(i, k) + TO_SINK_NS});
            }
        }
        LongUnaryOperator nodeA = LongUnaryOperator.identity();
        write(logs, "node-a", "lines/0/in", linesIn, nodeA);
        write(logs, "node-a", "lines/0/out", linesOut, nodeA);
        write(logs, "node-a", "split/0/in", splitIn, nodeA);
        write(logs, "node-a", "split/0/out", splitOut, nodeA);
        // (child id, root id): the second column is an id, written as it is.
        GoldenLogSet.writeIds(logs, "node-a", "split/0/lineage",
                lineage.stream().mapToLong(r -> r[0]).toArray(),
                lineage.stream().mapToLong(r -> r[1]).toArray(), nodeA);
        write(logs, "node-b", "count/0/in", countIn, GoldenNumbersITCase.NODE_B);
        writeTopology(logs, "lines", "split", "count");
        return minted;
    }

    /** The {@code j}-th window fires on the {@code j}-th group of clicks' last one, plus a bit. */
    static long trigger(int j) {
        int last = (j + 1) * CLICKS_PER_WINDOW - 1;
        return sentenceIn(last) + SOURCE_COMPUTE_NS + TO_OPERATOR_NS + TRIGGER_DELAY_NS;
    }

    /**
     * The release of the watermark that fires window {@code j}: the source emits it after the
     * window's last click, on node-a.
     */
    static long release(int j) {
        int last = (j + 1) * CLICKS_PER_WINDOW - 1;
        return sentenceIn(last) + RELEASE_NS;
    }

    /**
     * {@code clicks -> window -> sink}: clicks carry ids of their own (not minted); every
     * {@link #CLICKS_PER_WINDOW} clicks the window emits a result it mints an id for, with its
     * {@code in} at the trigger and no lineage record. The sink runs on node-b.
     */
    static void writeClicksAndWindows(Path logs) throws IOException {
        List<long[]> clicksIn = new ArrayList<>();
        List<long[]> clicksOut = new ArrayList<>();
        List<long[]> windowIn = new ArrayList<>();
        List<long[]> windowOut = new ArrayList<>();
        List<long[]> sinkIn = new ArrayList<>();
        List<long[]> generated = new ArrayList<>();
        List<long[]> fired = new ArrayList<>();
        for (int i = 0; i < CLICKS; i++) {
            long in = sentenceIn(i);
            clicksIn.add(new long[] {i + 1, in});
            clicksOut.add(new long[] {i + 1, in + SOURCE_COMPUTE_NS});
            windowIn.add(new long[] {i + 1, in + SOURCE_COMPUTE_NS + TO_OPERATOR_NS});
            if (i % CLICKS_PER_WINDOW == CLICKS_PER_WINDOW - 1) {
                int j = i / CLICKS_PER_WINDOW;
                long result = MintedTupleIds.compose(OPERATOR_ORIGIN, 0, j + 1);
                windowIn.add(new long[] {result, trigger(j)});
                windowOut.add(new long[] {result, trigger(j) + WINDOW_EMIT_NS});
                sinkIn.add(new long[] {result, trigger(j) + WINDOW_EMIT_NS + TO_SINK_NS});
                // The source's watermarks: one short of the window's end, then the one that
                // closes it; the window logs the one that fired it at its results' in.
                long closing = (j + 1) * WINDOW_MS;
                generated.add(new long[] {closing - 1, release(j) - 10});
                generated.add(new long[] {closing, release(j)});
                fired.add(new long[] {closing, trigger(j)});
            }
        }
        LongUnaryOperator nodeA = LongUnaryOperator.identity();
        write(logs, "node-a", "clicks/0/in", clicksIn, nodeA);
        write(logs, "node-a", "clicks/0/out", clicksOut, nodeA);
        write(logs, "node-a", "window/0/in", windowIn, nodeA);
        write(logs, "node-a", "window/0/out", windowOut, nodeA);
        write(logs, "node-a", "clicks/0/watermark-out", generated, nodeA);
        write(logs, "node-a", "window/0/watermark-in", fired, nodeA);
        write(logs, "node-b", "sink/0/in", sinkIn, GoldenNumbersITCase.NODE_B);
        writeTopology(logs, "clicks", "window", "sink");
    }

    /** Writes (id, node-a tick) records, each tick read on {@code clock}'s node. */
    private static void write(Path logs, String node, String name, List<long[]> records,
            LongUnaryOperator clock) throws IOException {
        GoldenLogSet.writeIds(logs, node, name, records.stream().mapToLong(r -> r[0]).toArray(),
                records.stream().mapToLong(r -> clock.applyAsLong(r[1])).toArray(), clock);
    }

    /** A Flink job's topology.json, source, operator and sink with one subtask each. */
    private static void writeTopology(Path logs, String source, String operator, String sink)
            throws IOException {
        String json = """
                {"format":"cloudprofiler-topology/1","engine":"flink","topologyName":"lineage",
                 "runId":"lineage-1","components":[
                  {"id":"%1$s","kind":"source","role":"source","channelPrefix":"%1$s",
                   "parallelism":1,"tasks":[0],"mintOrigin":%4$d},
                  {"id":"%2$s","kind":"operator","role":"inner","channelPrefix":"%2$s",
                   "parallelism":1,"tasks":[0],"mintOrigin":%5$d},
                  {"id":"%3$s","kind":"operator","role":"sink","channelPrefix":"%3$s",
                   "parallelism":1,"tasks":[0],"mintOrigin":%6$d}],
                 "tasks":[],"edges":[
                  {"from":"%1$s","to":"%2$s","stream":"default","grouping":"forward",
                   "fields":[]},
                  {"from":"%2$s","to":"%3$s","stream":"default","grouping":"hash",
                   "fields":[]}]}
                """.formatted(source, operator, sink, SOURCE_ORIGIN, OPERATOR_ORIGIN,
                SINK_ORIGIN);
        for (String node : new String[] {"node-a", "node-b"}) {
            Files.createDirectories(logs.resolve(node));
            Files.writeString(logs.resolve(node).resolve("topology.json"), json);
        }
    }
}
