package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.cloudprofiler.analyzer.join.TimeSelection;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.samples.SampleFiles;
import org.cloudprofiler.log.LogFileBuilder;
import org.cloudprofiler.log.LogTrailer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze --samples}: every hop sample of the golden log set (200 tuples, one node, exact
 * latencies), read back from the Arrow IPC files with Arrow's own reader, row by row; and the
 * files a run that does not finish leaves.
 */
class SamplesExportITCase {

    private static final int TUPLES = 200;
    private static final int FIRST = 100;
    private static final String[] ID_CHANNELS = {"spout/1/in", "spout/1/out", "sink/2/in"};

    @TempDir
    Path directory;

    @Test
    void everySampleIsWrittenWithItsTupleHopStartLatencyAndBound() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-a", LongUnaryOperator.identity());
        Path samples = directory.resolve("samples");
        Files.createDirectories(samples);
        Path earlier = SampleFiles.of(samples, "earlier", 7);
        Files.writeString(earlier, "left by an earlier run");

        ByteArrayOutputStream console = new ByteArrayOutputStream();
        new Analyzer(AnalyzerOptions.of(List.of(logs), null, directory.resolve("out"))
                .withSamples(samples), new PrintStream(console, true)).run();

        assertEquals("left by an earlier run", Files.readString(earlier));
        List<Path> files = filesOfOneRun(samples, earlier);
        assertTrue(console.toString().contains("Samples from the run's start to the end of the"
                + " logs: " + samples.toAbsolutePath()), console.toString());
        Map<String, Double> latencies = new HashMap<>();
        Map<String, Double> starts = new HashMap<>();
        try (BufferAllocator allocator = new RootAllocator()) {
            for (Path file : files) {
                Map<String, String> metadata = readInto(file, allocator, latencies, starts);
                assertEquals("0", metadata.get(SampleFiles.FROM_NS_METADATA));
                assertFalse(metadata.containsKey(SampleFiles.TO_NS_METADATA), metadata.toString());
            }
        }
        assertEquals(3 * TUPLES, latencies.size(), "a row per tuple and hop, each once");
        for (int i = 0; i < TUPLES; i++) {
            long id = 1_000 + i;
            assertEquals(100 + i, latencies.get(id + " spout LOCAL"), 0);
            assertEquals(500 + i, latencies.get(id + " spout -> sink LOCAL"), 0);
            assertEquals(600 + 2 * i, latencies.get(id + " spout => sink LOCAL"), 0);
            // The run starts at the first tuple's entry into the spout.
            long entered = GoldenLogSet.spoutIn(i) - GoldenLogSet.START;
            assertEquals(entered, starts.get(id + " spout LOCAL"), 0);
            assertEquals(entered + 100 + i, starts.get(id + " spout -> sink LOCAL"), 0);
            assertEquals(entered, starts.get(id + " spout => sink LOCAL"), 0);
        }
    }

    @Test
    void fromAndToSelectTheSamplesAndSayWhichInTheSchemaAndOnTheConsole() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-a", LongUnaryOperator.identity());
        Path samples = directory.resolve("samples");
        long fromNs = 500_000;
        long toNs = 1_500_000;

        ByteArrayOutputStream console = new ByteArrayOutputStream();
        new Analyzer(AnalyzerOptions.of(List.of(logs), null, directory.resolve("out"))
                .withSelection(new TimeSelection(fromNs, toNs, TimeSelection.DEFAULT_WINDOW_NS))
                .withSamples(samples), new PrintStream(console, true)).run();

        assertTrue(console.toString().contains("Samples from 0.0005 s after the run's start to"
                + " 0.0015 s after it: "), console.toString());
        Map<String, Double> latencies = new HashMap<>();
        Map<String, Double> starts = new HashMap<>();
        try (BufferAllocator allocator = new RootAllocator()) {
            for (Path file : filesOfOneRun(samples, null)) {
                Map<String, String> metadata = readInto(file, allocator, latencies, starts);
                assertEquals(Long.toString(fromNs), metadata.get(SampleFiles.FROM_NS_METADATA));
                assertEquals(Long.toString(toNs), metadata.get(SampleFiles.TO_NS_METADATA));
            }
        }
        assertFalse(starts.isEmpty());
        starts.forEach((row, startNs) -> assertTrue(startNs >= fromNs && startNs < toNs,
                row + " started at " + startNs));
        // Tuples 50 to 149 enter the spout in the selection; their transfers start 100+ ns later.
        assertEquals(3 * 100, starts.size(), starts.keySet().toString());
    }

    @Test
    void aStoppedRunLeavesOnlyPartialFilesAndSaysSo() throws Exception {
        Path logs = directory.resolve("logs");
        Path out = directory.resolve("out");
        Path samples = directory.resolve("samples");
        openIdChannels(logs);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Analyzer analyzer = following(logs, out, samples, console);
        CompletableFuture<AnalysisSummary> finished = runAsync(analyzer);
        awaitSummary(out.resolve("summary.json"), finished);

        analyzer.stop();
        finished.get(120, TimeUnit.SECONDS);

        assertOnlyPartialFilesIn(samples);
        assertTrue(console.toString().contains("Samples not finished: the analysis was stopped"
                + " before its job ended"), console.toString());
    }

    @Test
    void aFailedRunLeavesOnlyPartialFilesAndSaysSo() throws Exception {
        Path logs = directory.resolve("logs");
        Path out = directory.resolve("out");
        Path samples = directory.resolve("samples");
        LogFileBuilder[] channels = openIdChannels(logs);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Analyzer analyzer = following(logs, out, samples, console);
        CompletableFuture<AnalysisSummary> finished = runAsync(analyzer);
        awaitSummary(out.resolve("summary.json"), finished);
        // The tasks' partial files are open; a file where their directory was makes the renames
        // at the end fail, and with them the job.
        Path moved = directory.resolve("samples-moved");
        Files.move(samples, moved);
        Files.writeString(samples, "in the way");

        closeIdChannels(logs, channels);

        ExecutionException failure = assertThrows(ExecutionException.class,
                () -> finished.get(120, TimeUnit.SECONDS));
        // The task's own message, with its fix, not only Flink's root cause.
        assertTrue(failure.getCause().getMessage().contains("cannot rename the finished samples"),
                failure.getCause().getMessage());
        assertOnlyPartialFilesIn(moved);
        assertTrue(console.toString().contains("Samples not finished: the analysis failed"),
                console.toString());
    }

    /** Writes the golden log set with its id channels still open (no trailer), first tuples. */
    private static LogFileBuilder[] openIdChannels(Path logs) throws Exception {
        GoldenLogSet.write(logs, TUPLES, "node-a", LongUnaryOperator.identity());
        LogFileBuilder[] channels = new LogFileBuilder[ID_CHANNELS.length];
        for (int c = 0; c < ID_CHANNELS.length; c++) {
            channels[c] = GoldenLogSet.channel("node-a", ID_CHANNELS[c], 2,
                    LongUnaryOperator.identity());
            long[] ids = new long[FIRST];
            long[] tscs = new long[FIRST];
            for (int i = 0; i < FIRST; i++) {
                ids[i] = 1000 + i;
                tscs[i] = c == 0 ? GoldenLogSet.spoutIn(i) : c == 1 ? GoldenLogSet.spoutOut(i)
                        : GoldenLogSet.sinkIn(i);
            }
            Files.write(idChannel(logs, c), channels[c].block(ids, tscs).build());
        }
        return channels;
    }

    /** Appends the trailer to each id channel: a followed run ends once it has read them. */
    private static void closeIdChannels(Path logs, LogFileBuilder[] channels) throws Exception {
        for (int c = 0; c < channels.length; c++) {
            int before = channels[c].build().length;
            channels[c].trailer(new LogTrailer(FIRST, 1, FIRST, 0, 0, 0, 0, 0, 0, 0, 0, 1,
                    LogTrailer.CLOSED_BY_CALL));
            byte[] whole = channels[c].build();
            Files.write(idChannel(logs, c), Arrays.copyOfRange(whole, before, whole.length),
                    StandardOpenOption.APPEND);
        }
    }

    private static Path idChannel(Path logs, int channel) {
        return logs.resolve("node-a").resolve(ID_CHANNELS[channel] + ".1.1.cplog");
    }

    private static Analyzer following(Path logs, Path out, Path samples,
            ByteArrayOutputStream console) {
        return new Analyzer(AnalyzerOptions.of(List.of(logs), null, out)
                .withFollow(Duration.ofMillis(200)).withParallelism(1).withSamples(samples),
                new PrintStream(console, true));
    }

    private static CompletableFuture<AnalysisSummary> runAsync(Analyzer analyzer) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return analyzer.run();
            } catch (Exception e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        });
    }

    private static void assertOnlyPartialFilesIn(Path samples) throws Exception {
        List<String> left = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(samples)) {
            all.forEach(file -> left.add(file.getFileName().toString()));
        }
        assertFalse(left.isEmpty());
        assertTrue(left.stream().allMatch(name -> name.endsWith(SampleFiles.PARTIAL_SUFFIX)),
                left.toString());
    }

    /** The files of the one run in {@code samples} other than {@code earlier}; all of it. */
    private static List<Path> filesOfOneRun(Path samples, Path earlier) throws Exception {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(samples)) {
            all.forEach(files::add);
        }
        files.remove(earlier);
        assertFalse(files.isEmpty());
        String name = files.get(0).getFileName().toString();
        String run = name.substring("samples-".length(), name.lastIndexOf('-'));
        assertEquals(files.size(), SampleFiles.in(samples, run).size(), files.toString());
        assertEquals(List.of(), SampleFiles.partialIn(samples, run));
        return SampleFiles.in(samples, run);
    }

    /** Waits until the followed run has written a refreshed summary. */
    private static void awaitSummary(Path summary, CompletableFuture<AnalysisSummary> run)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && !run.isDone()) {
            if (Files.exists(summary)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no refreshed summary" + (run.isDone() ? "; the run ended: "
                + run.join() : ""));
    }

    /**
     * Adds each row as {@code "<tuple> <hop> <locality>" -> latency} and {@code -> start},
     * checking its bound; returns the schema's metadata.
     */
    private static Map<String, String> readInto(Path file, BufferAllocator allocator,
            Map<String, Double> latencies, Map<String, Double> starts) throws Exception {
        List<ExportedSamples.Sample> rows = new ArrayList<>();
        Map<String, String> metadata = ExportedSamples.readInto(file, allocator, rows);
        for (ExportedSamples.Sample row : rows) {
            assertEquals(0, row.boundNs(), 0, "one clock: exact");
            assertFalse(row.unbounded());
            String key = row.tupleId() + " " + row.hop() + " " + row.locality();
            assertEquals(null, latencies.put(key, row.latencyNs()), "written twice");
            starts.put(key, row.startNs());
        }
        return metadata;
    }
}
