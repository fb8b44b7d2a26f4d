package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.clock.NodeClock;
import org.cloudprofiler.analyzer.clock.SingleClockTranslator;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.Payloads;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.FileReport;
import org.cloudprofiler.analyzer.input.LogSet;
import org.cloudprofiler.analyzer.input.RunStart;
import org.cloudprofiler.analyzer.join.HopPlan;
import org.cloudprofiler.analyzer.join.TimeSelection;
import org.cloudprofiler.analyzer.stats.RunAccumulator;
import org.cloudprofiler.log.HandlerType;
import org.junit.jupiter.api.Test;

/** The summary's figures over time, from the run's start. */
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
                Integer.parseInt(parts[1]), parts[2], handler, SECOND_NS, 0, 0, false);
    }

    private static SummaryBuilder builder(RunAccumulator run, RunStart runStart) {
        LogSet logSet = new LogSet(CHANNELS, null, List.of(), List.of(), Map.of(), List.of());
        return new SummaryBuilder(logSet, HopPlan.of(CHANNELS, null), CLOCK, run, runStart,
                TimeSelection.WHOLE_RUN);
    }

    private static List<double[]> throughput(SummaryBuilder builder) {
        return builder.build(true, "single", false, 1000, List.of()).operators().get(0)
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
}
