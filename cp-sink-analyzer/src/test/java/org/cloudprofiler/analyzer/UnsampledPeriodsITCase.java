package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntToLongFunction;
import java.util.stream.IntStream;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFileBuilder;
import org.cloudprofiler.log.LogTrailer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A channel whose handler changes while the run goes on ({@code NetConfChannel}): the filter's
 * {@code in} is {@code BUFFERED_ID}, then {@code NULL}, then {@code BUFFERED_ID} again, each
 * period its own file in serial order. The tuples that passed it under {@code NULL} are not
 * sampled there: they are neither timed out nor samples, and the hops through that point have
 * the figures of the sampled tuples alone.
 */
class UnsampledPeriodsITCase {

    private static final String NODE = "node-a";
    private static final int TUPLES = 300;
    /** Tuples from this one to {@link #SAMPLED_AGAIN_FROM} passed the filter under NULL. */
    private static final int NULL_FROM = 100;
    private static final int SAMPLED_AGAIN_FROM = 200;

    @TempDir
    Path directory;

    @Test
    void tuplesThatPassedAPointUnderNullAreUnsampledThereNotTimedOut() throws Exception {
        Path logs = directory.resolve("logs");
        writeLogSet(logs, true);
        Path sampledOnly = directory.resolve("sampled-only");
        writeLogSet(sampledOnly, false);

        ByteArrayOutputStream console = new ByteArrayOutputStream();
        AnalysisSummary summary = analyse(logs, "out", console);
        AnalysisSummary reference = analyse(sampledOnly, "reference", new ByteArrayOutputStream());

        long unsampled = SAMPLED_AGAIN_FROM - NULL_FROM;
        assertEquals(new AnalysisSummary.Tuples(TUPLES - unsampled, 0, List.of(), unsampled,
                5L * TUPLES - unsampled, 5, AnalyzerOptions.DEFAULT_TUPLE_TIMEOUT.toMillis()),
                summary.tuples());
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("Tuples: 200 complete, 0"
                + " timed out, 100 unsampled (a handler without ids, e.g. NULL, where they"
                + " passed)"), console::toString);
        assertTrue(summary.notes().stream().anyMatch(note -> note.startsWith(
                "unsampled: 100 tuples passed a point")), summary.notes()::toString);
        // Without the NULL period's file the same tuples are lost, not unsampled ...
        assertEquals(unsampled, reference.tuples().timedOut());
        // ... and the hops through the point it covered have the sampled tuples' figures alone.
        for (String hop : List.of("spout -> filter", "filter")) {
            AnalysisSummary.HopRow row = row(summary, hop);
            assertEquals(row(reference, hop), row);
            assertEquals(TUPLES - unsampled, row.samples());
        }
        assertEquals(TUPLES, row(summary, "filter -> sink").samples());
    }

    private static AnalysisSummary.HopRow row(AnalysisSummary summary, String hop) {
        return summary.hops().stream().filter(row -> row.hop().equals(hop)).findFirst()
                .orElseThrow(() -> new AssertionError("no hop " + hop + " in " + summary.hops()));
    }

    private AnalysisSummary analyse(Path logs, String out, ByteArrayOutputStream console)
            throws Exception {
        try (PrintStream print = new PrintStream(console, true, StandardCharsets.UTF_8)) {
            return new Analyzer(AnalyzerOptions.of(List.of(logs), null, directory.resolve(out))
                    .withParallelism(1), print).run();
        }
    }

    /**
     * Tuple {@code i} enters the spout at {@code i} µs; each point is 100 ns after the last, and
     * the compute hop of the filter takes {@code 100 + i} ns, so that each tuple's sample is
     * its own. The filter's {@code in} changes handler between the tuples on either side of each
     * period; without {@code withNullPeriod} its middle file is left out, as if lost.
     */
    private static void writeLogSet(Path logs, boolean withNullPeriod) throws Exception {
        int[] all = IntStream.range(0, TUPLES).toArray();
        writeIds(logs, "spout/1/in", 1, 0, all, i -> tsc(i, 0), -1);
        writeIds(logs, "spout/1/out", 1, 0, all, i -> tsc(i, 1), -1);
        long nullOpens = changeTsc(NULL_FROM);
        long nullCloses = changeTsc(SAMPLED_AGAIN_FROM);
        writeIds(logs, "filter/2/in", 1, 0, IntStream.range(0, NULL_FROM).toArray(),
                i -> tsc(i, 2), nullOpens);
        if (withNullPeriod) {
            write(logs, "filter/2/in", 2, nullOpens, HandlerType.NULL, new LogFileBuilder(),
                    nullCloses, 0, SAMPLED_AGAIN_FROM - NULL_FROM);
        }
        writeIds(logs, "filter/2/in", 3, nullCloses,
                IntStream.range(SAMPLED_AGAIN_FROM, TUPLES).toArray(), i -> tsc(i, 2), -1);
        writeIds(logs, "filter/2/out", 1, 0, all, i -> tsc(i, 3) + i, -1);
        writeIds(logs, "sink/3/in", 1, 0, all, i -> tsc(i, 4) + i, -1);
        GoldenLogSet.writeChainTopology(logs, NODE, "spout", "filter", "sink");
    }

    /** Between tuple {@code tuple - 1}'s and tuple {@code tuple}'s records. */
    private static long changeTsc(int tuple) {
        return tsc(tuple, 0) - 1;
    }

    private static long tsc(int tuple, int step) {
        return GoldenLogSet.START + tuple * 1_000L + step * 100L;
    }

    /** An id channel's file; {@code closeTsc} -1 for one closed at the end. */
    private static void writeIds(Path logs, String channel, int serial, long openTsc,
            int[] tuples, IntToLongFunction tsc, long closeTsc) throws Exception {
        LogFileBuilder builder = new LogFileBuilder();
        if (tuples.length > 0) {
            builder.block(IntStream.of(tuples).mapToLong(i -> 1000 + i).toArray(),
                    IntStream.of(tuples).mapToLong(tsc).toArray());
        }
        write(logs, channel, serial, openTsc, HandlerType.BUFFERED_ID, builder,
                closeTsc < 0 ? tsc(TUPLES, 0) : closeTsc, tuples.length, tuples.length);
    }

    private static void write(Path logs, String channel, int serial, long openTsc,
            HandlerType handler, LogFileBuilder builder, long closeTsc, long records,
            long accepted) throws Exception {
        byte[] file = builder.node(NODE).channel(channel).handlerId(handler.id())
                .tscHz(1_000_000_000L)
                .openClocks(openTsc, openTsc, GoldenLogSet.REALTIME_ZERO + openTsc)
                .trailer(new LogTrailer(records, records > 0 ? 1 : 0, accepted, 0, 0, 0, 0, 0,
                        closeTsc, closeTsc, GoldenLogSet.REALTIME_ZERO + closeTsc, 1,
                        LogTrailer.CLOSED_BY_CALL)).build();
        Path path = logs.resolve(NODE).resolve(channel + ".1." + serial + ".cplog");
        Files.createDirectories(path.getParent());
        Files.write(path, file);
    }
}
