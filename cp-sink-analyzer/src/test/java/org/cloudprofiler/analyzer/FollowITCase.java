package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.log.LogFileBuilder;
import org.cloudprofiler.log.LogTrailer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --follow}: records appended to the id channels after the analysis started are read,
 * the outputs are refreshed meanwhile, and the run ends by itself once every file is closed;
 * stopped before that, its summary says so.
 */
class FollowITCase {

    private static final int FIRST = 100;
    private static final int ALL = 200;
    private static final String[] NAMES = {"spout/1/in", "spout/1/out", "sink/2/in"};

    @TempDir
    Path directory;

    @Test
    void picksUpRecordsAppendedAfterTheStart() throws Exception {
        Path logs = directory.resolve("logs");
        Path out = directory.resolve("out");
        LogFileBuilder[] builders = writeFirstBlocks(logs);
        Analyzer analyzer = follower(logs, out);
        CompletableFuture<AnalysisSummary> finished = runAsync(analyzer);
        try {
            awaitComplete(out.resolve("summary.json"), FIRST, finished);
            for (int c = 0; c < NAMES.length; c++) {
                int before = builders[c].build().length;
                appendBlock(builders[c], c, FIRST, ALL);
                builders[c].trailer(new LogTrailer(ALL, 2, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 1,
                        LogTrailer.CLOSED_BY_CALL));
                byte[] whole = builders[c].build();
                Files.write(file(logs, NAMES[c]), Arrays.copyOfRange(whole, before, whole.length),
                        StandardOpenOption.APPEND);
            }
            AnalysisSummary summary = finished.get(120, TimeUnit.SECONDS);
            assertEquals(ALL, summary.tuples().complete());
            assertEquals(ALL, GoldenNumbersITCase.row(summary, "spout -> sink", "LOCAL")
                    .boundedSamples());
            assertTrue(summary.finished());
            assertFalse(summary.stopped());
        } finally {
            analyzer.stop();
        }
    }

    @Test
    void aRunStoppedBeforeItsFilesCloseSaysSoInTheSummary() throws Exception {
        Path logs = directory.resolve("logs");
        Path out = directory.resolve("out");
        writeFirstBlocks(logs);
        Analyzer analyzer = follower(logs, out);
        CompletableFuture<AnalysisSummary> finished = runAsync(analyzer);
        try {
            awaitComplete(out.resolve("summary.json"), FIRST, finished);

            analyzer.stop();
            AnalysisSummary summary = finished.get(120, TimeUnit.SECONDS);

            assertTrue(summary.stopped());
            assertTrue(new ObjectMapper().readTree(out.resolve("summary.json").toFile())
                    .path("stopped").asBoolean(), "summary.json's stopped");
            assertTrue(summary.notes().stream().anyMatch(note -> note.startsWith("stopped"
                    + " before the end")), summary.notes().toString());
        } finally {
            analyzer.stop();
        }
    }

    /** The log set with its id channels' first {@link #FIRST} tuples and no trailers yet. */
    private static LogFileBuilder[] writeFirstBlocks(Path logs) throws Exception {
        GoldenLogSet.write(logs, ALL, "node-a", LongUnaryOperator.identity());
        LogFileBuilder[] builders = new LogFileBuilder[NAMES.length];
        for (int c = 0; c < NAMES.length; c++) {
            builders[c] = GoldenLogSet.channel("node-a", NAMES[c], 2,
                    LongUnaryOperator.identity());
            appendBlock(builders[c], c, 0, FIRST);
            Files.write(file(logs, NAMES[c]), builders[c].build());
        }
        return builders;
    }

    private static Analyzer follower(Path logs, Path out) {
        return new Analyzer(AnalyzerOptions.of(List.of(logs), null, out)
                .withFollow(Duration.ofMillis(500)).withParallelism(1),
                new PrintStream(new ByteArrayOutputStream(), true));
    }

    private static CompletableFuture<AnalysisSummary> runAsync(Analyzer analyzer) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return analyzer.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static void appendBlock(LogFileBuilder builder, int channel, int from, int to) {
        long[] ids = new long[to - from];
        long[] tscs = new long[to - from];
        for (int i = from; i < to; i++) {
            ids[i - from] = 1000 + i;
            tscs[i - from] = switch (channel) {
                case 0 -> GoldenLogSet.spoutIn(i);
                case 1 -> GoldenLogSet.spoutOut(i);
                default -> GoldenLogSet.sinkIn(i);
            };
        }
        builder.block(ids, tscs);
    }

    private static Path file(Path logs, String channel) {
        return logs.resolve("node-a").resolve(channel + ".1.1.cplog");
    }

    /** Waits until a refreshed summary counts {@code tuples} complete tuples. */
    private static void awaitComplete(Path summary, int tuples,
            CompletableFuture<AnalysisSummary> run) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && !run.isDone()) {
            if (Files.exists(summary) && mapper.readTree(summary.toFile()).path("tuples")
                    .path("complete").asLong() >= tuples) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no refreshed summary with " + tuples + " tuples"
                + (run.isDone() ? "; the run ended: " + run.join() : ""));
    }
}
