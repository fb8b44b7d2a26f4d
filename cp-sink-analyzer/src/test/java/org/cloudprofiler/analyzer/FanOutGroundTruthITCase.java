package org.cloudprofiler.analyzer;

import static org.cloudprofiler.analyzer.GoldenNumbersITCase.NODE_B;
import static org.cloudprofiler.analyzer.GoldenNumbersITCase.assertStats;
import static org.cloudprofiler.analyzer.GoldenNumbersITCase.row;
import static org.cloudprofiler.analyzer.LineageLogSet.SENTENCES;
import static org.cloudprofiler.analyzer.LineageLogSet.SOURCE_COMPUTE_NS;
import static org.cloudprofiler.analyzer.LineageLogSet.TO_OPERATOR_NS;
import static org.cloudprofiler.analyzer.LineageLogSet.TO_SINK_NS;
import static org.cloudprofiler.analyzer.LineageLogSet.WORD_NS;
import static org.cloudprofiler.analyzer.LineageLogSet.assertConstant;
import static org.cloudprofiler.analyzer.LineageLogSet.assertMeasured;
import static org.cloudprofiler.analyzer.LineageLogSet.measured;
import static org.cloudprofiler.analyzer.LineageLogSet.sentenceIn;
import static org.cloudprofiler.analyzer.LineageLogSet.wordOut;
import static org.cloudprofiler.analyzer.LineageLogSet.words;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.AnalysisSummary.HopRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fan-out operator (sentences into words) on two nodes ({@link LineageLogSet}): the first
 * word keeps its sentence's id, the others get ids the splitter mints, with lineage records.
 * Every hop's every sample is the design's and within its bound of the truth; each word's hops
 * are reported once; end to end runs from each word's sentence at the source; only sentences
 * are counted as tuples.
 */
class FanOutGroundTruthITCase {

    @TempDir
    Path directory;

    @Test
    void everyWordIsMeasuredOnceAndEndToEndFromItsSentence() throws Exception {
        Path logs = directory.resolve("logs");
        int outputs = LineageLogSet.writeSentences(logs);
        // Two readers: lineage files are read beside their task's in files, and tuples meet in
        // the keyed joins rather than before the shuffle.
        AnalysisSummary summary = LineageLogSet.analyze(AnalyzerOptions.of(List.of(logs),
                LineageLogSet.sync(directory), directory.resolve("out"))
                .withReference("node-a").withReaders(2)
                .withSamples(directory.resolve("samples")));

        assertEquals(SENTENCES, summary.tuples().complete());
        assertEquals(0, summary.tuples().timedOut());
        assertEquals(0, summary.tuples().unsampled());
        assertEquals(outputs, summary.tuples().outputs().complete());
        assertEquals(outputs, summary.tuples().outputs().withLineage());
        assertEquals(0, summary.tuples().outputs().rootNotFound());
        assertEquals(0, summary.tuples().outputs().lineageWithoutOutput());

        List<Double> splitCompute = new ArrayList<>();
        List<double[]> toSink = new ArrayList<>();
        List<double[]> endToEnd = new ArrayList<>();
        for (int i = 0; i < SENTENCES; i++) {
            for (int k = 0; k < words(i); k++) {
                splitCompute.add((double) WORD_NS * (k + 1));
                long sinkTicks = NODE_B.applyAsLong(wordOut(i, k) + TO_SINK_NS);
                toSink.add(measured(wordOut(i, k), sinkTicks, TO_SINK_NS));
                endToEnd.add(measured(sentenceIn(i), sinkTicks,
                        wordOut(i, k) + TO_SINK_NS - sentenceIn(i)));
            }
        }
        assertConstant(row(summary, "lines", "LOCAL"), SENTENCES, SOURCE_COMPUTE_NS);
        assertConstant(row(summary, "lines -> split", "LOCAL"), SENTENCES, TO_OPERATOR_NS);
        HopRow split = row(summary, "split", "LOCAL");
        assertEquals(SENTENCES + outputs, split.samples());
        assertStats(split.latencyNs(),
                splitCompute.stream().mapToDouble(Double::doubleValue).toArray());
        assertMeasured(row(summary, "split -> count", "REMOTE"), toSink);
        assertMeasured(row(summary, "lines => count", "REMOTE"), endToEnd);
        // No word starts at the splitter: its own end-to-end hop has no samples, and no row.
        assertTrue(summary.hops().stream().noneMatch(hop -> hop.hop().equals("split => count")),
                summary.hops().toString());
        assertEverySampleHoldsTheTruthOnce(ExportedSamples.read(directory.resolve("samples")),
                SENTENCES + outputs);
    }

    /**
     * Sample by sample, by tuple id: each word has one sample of each hop on its way and no
     * more, each within its bound of the truth.
     */
    private static void assertEverySampleHoldsTheTruthOnce(List<ExportedSamples.Sample> samples,
            int words) {
        Map<String, Long> truthNs = new HashMap<>();
        for (int i = 0; i < SENTENCES; i++) {
            for (int k = 0; k < words(i); k++) {
                long id = LineageLogSet.wordId(i, k);
                if (k == 0) {
                    truthNs.put(id + " lines", SOURCE_COMPUTE_NS);
                    truthNs.put(id + " lines -> split", TO_OPERATOR_NS);
                }
                truthNs.put(id + " split", WORD_NS * (k + 1));
                truthNs.put(id + " split -> count", TO_SINK_NS);
                truthNs.put(id + " lines => count", wordOut(i, k) + TO_SINK_NS - sentenceIn(i));
            }
        }
        Set<String> seen = new HashSet<>();
        for (ExportedSamples.Sample sample : samples) {
            String key = sample.tupleId() + " " + sample.hop();
            assertTrue(seen.add(key), "sampled twice: " + key);
            Long truth = truthNs.get(key);
            assertTrue(truth != null && !sample.unbounded()
                    && Math.abs(sample.latencyNs() - truth) <= sample.boundNs(),
                    key + ": " + sample + " against the truth " + truth);
        }
        assertEquals(truthNs.keySet(), seen);
        assertEquals(2 * SENTENCES + 3 * words, samples.size());
    }
}
