package org.cloudprofiler.examples.flink.wordcount;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.testing.AnalysisCoverage;
import org.cloudprofiler.examples.flink.testing.FlinkJobRuns;
import org.cloudprofiler.examples.flink.testing.ProfiledUserJobContract;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link WordCountJob} as its user runs it, unprofiled and profiled with one call, over the same
 * two text files at parallelism 2 (one reader per file; the keyed exchange crosses subtasks):
 * both runs emit every word's running count, 1 to its total, once each, and the analysis of
 * the profiled run measures every operator and edge and the way from the lines to the sink,
 * the flatMap's many words per line included, and counts each line once. Some lines are blank:
 * they end at the flatMap.
 */
@Timeout(120) // A guard against a hang only: nothing here is timed.
class WordCountJobITCase extends ProfiledUserJobContract<WordCount> {
    private static final int FILES = 2;
    private static final int LINES_PER_FILE = 1_000;
    private static final List<String> WORDS = List.of("Storm", "flink", "tuple", "latency",
            "bound", "clock", "spout", "bolt", "window", "watermark");

    @TempDir
    static Path directory;

    private static final List<String> LINES = new ArrayList<>();
    private static FlinkJobRuns<WordCount> runs;

    @BeforeAll
    static void runTheJobUnprofiledAndProfiled() throws Exception {
        Random random = new Random(42);
        List<org.apache.flink.core.fs.Path> files = new ArrayList<>();
        for (int f = 0; f < FILES; f++) {
            List<String> lines = new ArrayList<>();
            for (int l = 0; l < LINES_PER_FILE; l++) {
                lines.add(line(random));
            }
            Path file = Files.write(directory.resolve("text-" + f + ".txt"), lines);
            files.add(new org.apache.flink.core.fs.Path(file.toUri()));
            LINES.addAll(lines);
        }
        runs = FlinkJobRuns.run("word-count", (env, sink) ->
                WordCountJob.addTo(env, WordCountJob.source(files), sink), directory);
    }

    /** A line of up to 8 words with punctuation, or one in 50 blank. */
    private static String line(Random random) {
        if (random.nextInt(50) == 0) {
            return "";
        }
        StringBuilder line = new StringBuilder();
        for (int w = 1 + random.nextInt(8); w > 0; w--) {
            line.append(WORDS.get(random.nextInt(WORDS.size()))).append(w > 1 ? ", " : ".");
        }
        return line.toString();
    }

    /** How often each word occurs in the lines. */
    private static Map<String, Long> totals() {
        Map<String, Long> totals = new HashMap<>();
        for (String line : LINES) {
            for (String word : line.toLowerCase(Locale.ROOT).split("\\W+")) {
                if (!word.isEmpty()) {
                    totals.merge(word, 1L, Long::sum);
                }
            }
        }
        return totals;
    }

    @Override
    protected FlinkJobRuns<WordCount> runs() {
        return runs;
    }

    /** Every word's running count, 1 to its total, once each. */
    @Override
    protected Map<WordCount, Long> expectedAnswer() {
        Map<WordCount, Long> expected = new HashMap<>();
        totals().forEach((word, total) -> {
            for (long count = 1; count <= total; count++) {
                expected.put(new WordCount(word, count), 1L);
            }
        });
        return expected;
    }

    @Test
    void theWayFromTheLinesToTheSinkIsMeasured() {
        AnalysisCoverage.assertEndToEndMeasured(runs.analysis(), WordCountJob.LINES,
                WordCountJob.SINK);
    }

    /** A line with words reaches the sink with its first word; a blank one ends at the split. */
    @Test
    void eachLineIsCountedOnce() {
        AnalysisCoverage.assertEachSourceRecordCountedOnce(runs.analysis(), LINES.size());
        AnalysisSummary.Tuples tuples = runs.analysis().tuples();
        long blank = LINES.stream().filter(String::isEmpty).count();
        assertEquals(LINES.size() - blank, tuples.complete(), tuples::toString);
        assertEquals(blank, tuples.timedOut(), tuples::toString);
        assertEquals(List.of(WordCountJob.SPLIT), tuples.timedOutBy().stream()
                .map(AnalysisSummary.TimedOut::component).toList(), tuples::toString);
    }

    /**
     * Each further word of a line is an output with an id minted at the split and a lineage
     * record to its line (docs/design.md, "Tuple lineage"), measured to the sink and from its
     * line.
     */
    @Test
    void eachFurtherWordOfALineIsAnOutputMeasuredFromItsLine() {
        long words = totals().values().stream().mapToLong(Long::longValue).sum();
        long furtherWords = words - LINES.stream().filter(line -> !line.isEmpty()).count();
        AnalysisCoverage.assertOutputsComplete(runs.analysis(), furtherWords, furtherWords);
    }
}
