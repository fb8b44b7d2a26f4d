package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.AnalysisSummary.TimedOut;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How tuples end, on a log set shaped like the demo's: {@code spout -> filter -> sink}, where
 * the sink has an {@code out} channel that stays empty (it emits to no one), the filter drops
 * every third tuple, and the last few tuples are still between the spout and the filter when
 * the logs end. The tuples that pass complete at the sink; every other one is explained.
 */
class TupleEndingsITCase {

    private static final int TUPLES = 300;
    /** Tuples from this one on never reached the filter. */
    private static final int IN_FLIGHT_FROM = 295;

    @TempDir
    Path directory;

    @Test
    void tuplesCompleteAtTheSinkAndEveryTimedOutTupleIsExplained() throws Exception {
        Path logs = directory.resolve("logs");
        writeLogSet(logs);

        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(List.of(logs), null,
                directory.resolve("out")).withParallelism(1), System.err).run();

        long filtered = IntStream.range(0, IN_FLIGHT_FROM).filter(i -> i % 3 == 0).count();
        long inFlight = TUPLES - IN_FLIGHT_FROM;
        assertEquals(IN_FLIGHT_FROM - filtered, summary.tuples().complete());
        assertEquals(filtered + inFlight, summary.tuples().timedOut());
        // spout in and out, filter in and out, sink in: the sink's empty out is not awaited.
        assertEquals(5, summary.tuples().expectedRecordsPerTuple());
        TimedOut endedAtFilter = new TimedOut("ENDED_AT", "filter", null, filtered,
                filtered + " tuples ended at filter, which took them in and emitted nothing for"
                        + " them: filtered out there, or still inside it when the logs end");
        TimedOut notReached = new TimedOut("NOT_REACHED", "spout", "filter", inFlight,
                inFlight + " tuples left spout but never reached filter: in flight when the logs"
                        + " end, or lost between them (see drops)");
        assertEquals(List.of(endedAtFilter, notReached), summary.tuples().timedOutBy());
        assertTrue(summary.notes().contains("timed out: " + endedAtFilter.explanation()),
                summary.notes()::toString);
        assertTrue(summary.notes().contains("timed out: " + notReached.explanation()),
                summary.notes()::toString);
    }

    /** Tuple {@code i} enters the spout at {@code i} µs; each point is 100 ns after the last. */
    private static void writeLogSet(Path logs) throws Exception {
        int[] passing = IntStream.range(0, IN_FLIGHT_FROM).filter(i -> i % 3 != 0).toArray();
        int[] atFilter = IntStream.range(0, IN_FLIGHT_FROM).toArray();
        int[] all = IntStream.range(0, TUPLES).toArray();
        writeIds(logs, "spout/1/in", all, 0);
        writeIds(logs, "spout/1/out", all, 1);
        writeIds(logs, "filter/2/in", atFilter, 2);
        writeIds(logs, "filter/2/out", passing, 3);
        writeIds(logs, "sink/3/in", passing, 4);
        writeIds(logs, "sink/3/out", new int[0], 5);
        GoldenLogSet.writeChainTopology(logs, "node-a", "spout", "filter", "sink");
    }

    private static void writeIds(Path logs, String channel, int[] tuples, int step)
            throws Exception {
        long[] ids = IntStream.of(tuples).mapToLong(i -> 1000 + i).toArray();
        long[] tscs = IntStream.of(tuples).mapToLong(i -> GoldenLogSet.START + i * 1_000L
                + step * 100L).toArray();
        GoldenLogSet.writeIds(logs, "node-a", channel, ids, tscs, LongUnaryOperator.identity());
    }
}
