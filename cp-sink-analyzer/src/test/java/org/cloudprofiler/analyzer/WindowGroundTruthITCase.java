package org.cloudprofiler.analyzer;

import static org.cloudprofiler.analyzer.GoldenNumbersITCase.NODE_B;
import static org.cloudprofiler.analyzer.GoldenNumbersITCase.row;
import static org.cloudprofiler.analyzer.LineageLogSet.CLICKS;
import static org.cloudprofiler.analyzer.LineageLogSet.CLICKS_PER_WINDOW;
import static org.cloudprofiler.analyzer.LineageLogSet.SOURCE_COMPUTE_NS;
import static org.cloudprofiler.analyzer.LineageLogSet.TO_OPERATOR_NS;
import static org.cloudprofiler.analyzer.LineageLogSet.TO_SINK_NS;
import static org.cloudprofiler.analyzer.LineageLogSet.WINDOW_EMIT_NS;
import static org.cloudprofiler.analyzer.LineageLogSet.assertConstant;
import static org.cloudprofiler.analyzer.LineageLogSet.assertMeasured;
import static org.cloudprofiler.analyzer.LineageLogSet.measured;
import static org.cloudprofiler.analyzer.LineageLogSet.release;
import static org.cloudprofiler.analyzer.LineageLogSet.trigger;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A window whose results carry ids the window mints, with no lineage record, on two nodes
 * ({@link LineageLogSet}): every hop after the window is measured, end to end from the window
 * and from the release of the watermark that fired it, each sample the design's and within its
 * bound of the truth; the clicks, the source records, are the tuples.
 */
class WindowGroundTruthITCase {

    @TempDir
    Path directory;

    @Test
    void everyHopAfterAWindowIsMeasuredAndEndToEndFromTheWindow() throws Exception {
        Path logs = directory.resolve("logs");
        LineageLogSet.writeClicksAndWindows(logs);
        AnalysisSummary summary = LineageLogSet.analyze(AnalyzerOptions.of(List.of(logs),
                LineageLogSet.sync(directory), directory.resolve("out")).withReference("node-a"));

        int results = CLICKS / CLICKS_PER_WINDOW;
        // Every click ends at the window, which emits nothing for it: a tuple, timed out there.
        assertEquals(0, summary.tuples().complete());
        assertEquals(CLICKS, summary.tuples().timedOut());
        assertEquals("window", summary.tuples().timedOutBy().get(0).component());
        assertEquals(results, summary.tuples().outputs().complete());
        assertEquals(0, summary.tuples().outputs().withLineage());

        assertConstant(row(summary, "clicks", "LOCAL"), CLICKS, SOURCE_COMPUTE_NS);
        assertConstant(row(summary, "clicks -> window", "LOCAL"), CLICKS, TO_OPERATOR_NS);
        assertConstant(row(summary, "window", "LOCAL"), results, WINDOW_EMIT_NS);
        List<double[]> toSink = new ArrayList<>();
        List<double[]> endToEnd = new ArrayList<>();
        List<double[]> fromRelease = new ArrayList<>();
        for (int j = 0; j < results; j++) {
            long sinkTicks = NODE_B.applyAsLong(trigger(j) + WINDOW_EMIT_NS + TO_SINK_NS);
            toSink.add(measured(trigger(j) + WINDOW_EMIT_NS, sinkTicks, TO_SINK_NS));
            endToEnd.add(measured(trigger(j), sinkTicks, WINDOW_EMIT_NS + TO_SINK_NS));
            fromRelease.add(measured(release(j), sinkTicks,
                    trigger(j) - release(j) + WINDOW_EMIT_NS + TO_SINK_NS));
        }
        assertMeasured(row(summary, "window -> sink", "REMOTE"), toSink);
        assertMeasured(row(summary, "window => sink", "REMOTE"), endToEnd);
        // And from the release of the watermark that fired each result, at the source.
        assertMeasured(row(summary, "clicks => sink (watermark)", "REMOTE"), fromRelease);
        // No click reaches the sink: the source's end to end has no sample.
        assertEquals(0, row(summary, "clicks => sink", "NONE").samples());
    }
}
