package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.clock.NodeClock;
import org.cloudprofiler.analyzer.clock.SingleClockTranslator;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.Payloads;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.ExternalDrops;
import org.cloudprofiler.analyzer.input.FileReport;
import org.cloudprofiler.analyzer.input.LogSet;
import org.cloudprofiler.analyzer.input.RunStart;
import org.cloudprofiler.analyzer.input.Topology;
import org.cloudprofiler.analyzer.join.Hop;
import org.cloudprofiler.analyzer.join.HopPlan;
import org.cloudprofiler.analyzer.join.Locality;
import org.cloudprofiler.analyzer.join.TimeSelection;
import org.cloudprofiler.analyzer.join.TupleEnding;
import org.cloudprofiler.analyzer.join.TupleEnding.Reason;
import org.cloudprofiler.analyzer.report.AnalysisSummary.HopRow;
import org.cloudprofiler.analyzer.stats.HopStatistics;
import org.cloudprofiler.analyzer.stats.RunAccumulator;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.topology.ComponentRole;
import org.junit.jupiter.api.Test;

/** The summary's figures: of a small run built by hand, and over time from the run's start. */
class SummaryBuilderTest {

    private static final long SECOND_NS = 1_000_000_000L;
    /** A clock of 1 GHz: ticks are ns. */
    private static final SingleClockTranslator CLOCK = new SingleClockTranslator("a",
            Map.of("a", new NodeClock(SECOND_NS, 0, 0)));
    private static final List<ChannelInfo> CHANNELS = List.of(
            channel(0, "spout/1/first-last", HandlerType.FIRST_LAST),
            channel(1, "spout/1/count", HandlerType.SPC),
            channel(2, "spout/2/count", HandlerType.SPC));

    private static ChannelInfo channel(int index, String name, HandlerType handler) {
        String[] parts = name.split("/");
        return new ChannelInfo(index, "/logs/" + name, 1, "a", name, parts[0],
                Integer.parseInt(parts[1]), parts[2], handler, SECOND_NS, 0, 0, -1, false);
    }

    private static SummaryBuilder builder(RunAccumulator run, RunStart runStart) {
        LogSet logSet = new LogSet(CHANNELS, null, List.of(), List.of(), Map.of(), List.of());
        return new SummaryBuilder(logSet, HopPlan.of(CHANNELS, null), CLOCK, run, runStart,
                TimeSelection.WHOLE_RUN);
    }

    private static List<double[]> throughput(SummaryBuilder builder) {
        return builder.build(true, false, "single", false, 1000, List.of()).operators().get(0)
                .throughput();
    }

    /** 100 tuples/s on {@code channel} sampled every 0.1 s to its close at {@code tenths}. */
    private static void countAndClose(RunAccumulator run, int channel, int tenths) {
        for (int tenth = 1; tenth <= tenths; tenth++) {
            run.add(AnalysisElement.count(channel, tenth * SECOND_NS / 10, 10L * tenth));
        }
        FileReport closed = new FileReport(channel, tenths, tenths, true, 0, 0, 10L * tenths, 0,
                0, 0, List.of(), null);
        run.add(AnalysisElement.payload(AnalysisElement.Kind.FILE_REPORT, channel,
                Payloads.encode(closed)));
    }

    @Test
    void throughputSecondZeroIsTheRunStartTheLatencyWindowsCountFrom() {
        // As under --follow: the run's start was taken before the first tuple was logged, at the
        // first channel's opening (0 s); the first tuple came at 2 s.
        RunStart runStart = new RunStart("a", 0, "the first channel's opening");
        RunAccumulator run = new RunAccumulator(0, SECOND_NS);
        run.add(AnalysisElement.firstLast(0, 1, 2 * SECOND_NS));
        // 100 tuples/s for the first 2 s, 1,000 tuples/s from then to 10 s.
        for (int tenth = 1; tenth <= 100; tenth++) {
            long count = tenth <= 20 ? 10L * tenth : 200 + 100L * (tenth - 20);
            run.add(AnalysisElement.count(1, tenth * SECOND_NS / 10, count));
        }
        List<double[]> throughput = throughput(builder(run, runStart));

        assertEquals(0, throughput.get(0)[0]);
        assertEquals(100, throughput.get(0)[1], 1e-6);
        assertEquals(2, throughput.get(2)[0]);
        assertEquals(1000, throughput.get(2)[1], 1e-6);
    }

    @Test
    void theLastSecondHoldsWhatATaskClosedWithinItCounted() {
        RunAccumulator run = new RunAccumulator(0, SECOND_NS);
        run.add(AnalysisElement.firstLast(0, 1, 0));
        countAndClose(run, 1, 103);
        countAndClose(run, 2, 99);

        List<double[]> throughput = throughput(builder(run, new RunStart("a", 0, "test")));

        assertEquals(10, throughput.size());
        assertEquals(200, throughput.get(8)[1], 1e-6);
        // Task 2 closed at 9.9 s: its last sample, at close, holds all it counted.
        assertEquals(190, throughput.get(9)[1], 1e-6);
    }

    /** spout (task 1) -> sink (task 2) on node a, with the first tuple's and the pill's marks. */
    private static final List<ChannelInfo> RUN_CHANNELS = List.of(
            channel(0, "spout/1/first-last", HandlerType.FIRST_LAST),
            channel(1, "spout/1/in", HandlerType.BUFFERED_ID),
            channel(2, "spout/1/out", HandlerType.BUFFERED_ID),
            channel(3, "sink/2/in", HandlerType.BUFFERED_ID),
            channel(4, "sink/2/first-last", HandlerType.FIRST_LAST));
    private static final Topology TOPOLOGY = new Topology("run", List.of(
            new Topology.Component("spout", ComponentRole.SOURCE, "spout", List.of(1)),
            new Topology.Component("sink", ComponentRole.SINK, "sink", List.of(2))),
            List.of(new Topology.Edge("spout", "sink", "shuffle", false)));
    private static final TupleEnding NOT_REACHED = new TupleEnding(Reason.NOT_REACHED, "spout",
            "sink");
    private static final TupleEnding ENDED_AT = new TupleEnding(Reason.ENDED_AT, "spout", null);
    private static final ExternalDrops JOF_LOSSES = new ExternalDrops("/logs/drops.json",
            "jof events/0", "a", 4, Map.of());

    /**
     * What a join subtask sends for tuples {@code first} to {@code last}: tuple i spends
     * 100 + 10·i ns in the spout (task 1) and 200 + i ns on its way to the sink.
     */
    private static AnalysisElement joined(HopPlan plan, int first, int last) {
        List<String> hops = plan.hops().stream().map(Hop::name).toList();
        HopStatistics statistics = new HopStatistics(hops.size());
        for (int i = first; i <= last; i++) {
            statistics.add(hops.indexOf("spout"), Locality.LOCAL, sameNode(100 + 10 * i), i,
                    Double.NaN, 1);
            statistics.add(hops.indexOf("spout -> sink"), Locality.LOCAL, sameNode(200 + i), i,
                    Double.NaN, -1);
            statistics.add(hops.indexOf("spout => sink"), Locality.LOCAL,
                    sameNode(300 + 11 * i), i, Double.NaN, -1);
            statistics.countComplete(3);
        }
        return AnalysisElement.payload(AnalysisElement.Kind.HOP_STATISTICS, -1,
                Payloads.encode(statistics));
    }

    private static BoundedDuration sameNode(double latencyNs) {
        return new BoundedDuration(latencyNs, 0, "SAME_NODE_REFERENCE");
    }

    private static AnalysisElement timedOut(int records, TupleEnding... endings) {
        HopStatistics statistics = new HopStatistics(3);
        for (TupleEnding ending : endings) {
            statistics.countTimedOut(ending, records);
        }
        return AnalysisElement.payload(AnalysisElement.Kind.HOP_STATISTICS, -1,
                Payloads.encode(statistics));
    }

    private static AnalysisElement report(FileReport report) {
        return AnalysisElement.payload(AnalysisElement.Kind.FILE_REPORT, report.channel(),
                Payloads.encode(report));
    }

    /**
     * Five complete tuples over two join subtasks, three timed out, a first tuple at 0 and the
     * pill at 10 µs, 7 tuples into the spout and 5 into the sink, whose channel dropped 2 records
     * and rejected a call; the spout's out file was cut short; a JOF lost 4 tuples.
     */
    private static AnalysisSummary smallRun() {
        HopPlan plan = HopPlan.of(RUN_CHANNELS, TOPOLOGY);
        RunAccumulator run = new RunAccumulator(plan.hops().size(), SECOND_NS);
        run.add(joined(plan, 0, 2));
        run.add(joined(plan, 3, 4));
        run.add(timedOut(2, NOT_REACHED, NOT_REACHED));
        run.add(timedOut(1, ENDED_AT));
        run.add(AnalysisElement.firstLast(0, 1, 0));
        run.add(AnalysisElement.firstLast(4, -1, 10_000));
        run.add(report(new FileReport(1, 7, 1, true, 0, 0, 7, 0, 0, 0, List.of(), null)));
        run.add(report(new FileReport(2, 7, 1, false, -1, -1, -1, 100, 1, 1,
                List.of("the file ends inside a block"), null)));
        run.add(report(new FileReport(3, 5, 1, true, 2, 1, 5, 0, 0, 0, List.of(), null)));
        run.add(AnalysisElement.progress(1, 4096, 19));
        run.add(AnalysisElement.progress(3, 1024, 5));
        LogSet logSet = new LogSet(RUN_CHANNELS, TOPOLOGY, List.of(JOF_LOSSES), List.of(),
                Map.of(), List.of());
        return new SummaryBuilder(logSet, plan, CLOCK, run, null, TimeSelection.WHOLE_RUN)
                .build(true, false, "single", false, 1000, List.of("a note of the caller"));
    }

    private static HopRow row(AnalysisSummary summary, String hop) {
        return summary.hops().stream().filter(row -> row.hop().equals(hop)).findFirst()
                .orElseThrow();
    }

    @Test
    void aSmallRunsTuplesAreCountedByHowTheyEnded() {
        AnalysisSummary.Tuples tuples = smallRun().tuples();

        assertEquals(5, tuples.complete());
        assertEquals(3, tuples.timedOut());
        assertEquals(5 * 3 + 2 * 2 + 1, tuples.idRecords());
        assertEquals(3, tuples.expectedRecordsPerTuple());
        assertEquals(1000, tuples.timeoutMillis());
        assertEquals(List.of("NOT_REACHED", "ENDED_AT"), tuples.timedOutBy().stream()
                .map(AnalysisSummary.TimedOut::reason).toList());
        assertEquals(new AnalysisSummary.TimedOut("NOT_REACHED", "spout", "sink", 2,
                NOT_REACHED.explain(2)), tuples.timedOutBy().get(0));
    }

    @Test
    void aSmallRunsHopsHaveTheirExactPercentiles() {
        AnalysisSummary summary = smallRun();

        assertEquals(List.of("spout", "spout -> sink", "spout => sink"),
                summary.hops().stream().map(HopRow::hop).toList());
        HopRow compute = row(summary, "spout");
        assertEquals("LOCAL", compute.locality());
        assertEquals(5, compute.boundedSamples());
        assertEquals(0, compute.unboundedSamples());
        // 100, 110, 120, 130 and 140 ns: nearest ranks, exact below 2,048 ns.
        assertEquals(new LatencyStats(100, 100, 110, 120, 130, 140, 140, 140, 140, 120),
                compute.latencyNs());
        assertEquals(0, compute.boundNs().max(), 0);
        assertEquals(List.of(new AnalysisSummary.TaskFigures(1, 5, 120, 140, 0)),
                compute.tasks());
        // 200 to 204 ns, then end to end 300 + 11·i ns.
        assertEquals(new LatencyStats(200, 200, 201, 202, 203, 204, 204, 204, 204, 202),
                row(summary, "spout -> sink").latencyNs());
        assertEquals(new LatencyStats(300, 300, 311, 322, 333, 344, 344, 344, 344, 322),
                row(summary, "spout => sink").latencyNs());
        assertNull(row(summary, "spout => sink").tasks());
    }

    @Test
    void aSmallRunsDurationRunsFromTheFirstTupleToThePill() {
        AnalysisSummary.Run run = smallRun().run();

        assertEquals(10_000, run.durationNs(), 0);
        assertEquals(0, run.durationBoundNs(), 0);
        assertEquals("spout/1/first-last", run.startChannel());
        assertEquals("sink/2/first-last", run.endChannel());
        assertEquals(7, run.sourceTuples());
        assertEquals(5, run.sinkTuples());
        assertEquals(7 / 10e-6, run.throughputTuplesPerSecond(), 1e-6);
    }

    @Test
    void aSmallRunsDropsAndDamageAreReported() {
        AnalysisSummary summary = smallRun();

        assertEquals(new AnalysisSummary.Drops(2, 1, List.of(new AnalysisSummary.ChannelDrops(
                "sink/2/in", "a", 2, 1)), List.of(JOF_LOSSES), 4), summary.drops());
        AnalysisSummary.Input input = summary.input();
        assertEquals(5, input.files());
        assertEquals(0, input.filesSkipped());
        assertEquals(5, input.bytes());
        assertEquals(5120, input.bytesRead());
        assertEquals(24, input.recordsRead());
        assertEquals(1, input.blocksSkipped());
        assertEquals(100, input.bytesSkipped());
        assertEquals(1, input.filesNotClosed());
        assertEquals(1, input.problemCount());
        assertEquals("the file ends inside a block", input.problems().get(0).message());
        assertEquals(List.of(), summary.violations());
    }

    @Test
    void aSmallRunsNotesAreTheCallersThenWhyTuplesTimedOut() {
        assertEquals(List.of("a note of the caller", "timed out: " + NOT_REACHED.explain(2),
                "timed out: " + ENDED_AT.explain(1)), smallRun().notes());
    }
}
