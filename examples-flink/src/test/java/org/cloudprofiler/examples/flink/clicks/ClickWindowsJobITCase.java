package org.cloudprofiler.examples.flink.clicks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.cloudprofiler.analyzer.join.HopKind;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.LatencyStats;
import org.cloudprofiler.analyzer.testing.AnalysisCoverage;
import org.cloudprofiler.examples.flink.testing.FlinkJobRuns;
import org.cloudprofiler.examples.flink.testing.ProfiledUserJobContract;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ClickWindowsJob} as its user runs it, unprofiled and profiled with one call, over the
 * same seeded clicks at parallelism 2 (the keyed exchange before the window crosses subtasks):
 * both runs emit the rates the clicks imply, and the analysis of the profiled run measures
 * every operator and edge, the windows' results on their way to the sink, and counts each
 * click once. The clicks come at a rate that lets the periodic watermarks fire most windows
 * while the source still runs.
 */
@Timeout(120) // A guard against a hang only: nothing here is timed.
class ClickWindowsJobITCase extends ProfiledUserJobContract<PageRate> {
    private static final long CLICKS = 4_000;
    private static final double CLICKS_PER_SECOND = 2_000;
    private static final long SEED = 7;
    private static final long WATERMARK_INTERVAL_MS = 20;

    @TempDir
    static Path directory;

    private static FlinkJobRuns<PageRate> runs;

    @BeforeAll
    static void runTheJobUnprofiledAndProfiled() throws Exception {
        runs = FlinkJobRuns.run("click-windows", (env, sink) -> {
            // Watermarks every 20 ms, so that the windows fire while the clicks still come,
            // also when the machine is slow to start the tasks.
            env.getConfig().setAutoWatermarkInterval(WATERMARK_INTERVAL_MS);
            ClickWindowsJob.addTo(env,
                    ClickWindowsJob.source(CLICKS, CLICKS_PER_SECOND, SEED), sink);
        }, directory);
    }

    @Override
    protected FlinkJobRuns<PageRate> runs() {
        return runs;
    }

    /** Each window's rate of each page clicked in it, once. */
    @Override
    protected Map<PageRate, Long> expectedAnswer() {
        return expectedRates();
    }

    /**
     * A window's result is emitted outside the processing of any click: its tuple starts at the
     * window (docs/design.md, "Tuple lineage"), and is measured from there to the sink.
     */
    @Test
    void theWindowsResultsAreMeasuredToTheSink() {
        AnalysisCoverage.assertEndToEndMeasured(runs.analysis(), ClickWindowsJob.WINDOW,
                ClickWindowsJob.SINK);
    }

    /**
     * A window's result fired by a watermark is measured end to end from that watermark's
     * release: the moment the last assigner task emitted a watermark at least as late
     * (docs/design.md, "Watermarks: when a window's results were released").
     */
    @Test
    void theWindowsResultsAreMeasuredFromTheirWatermarksRelease() {
        AnalysisCoverage.assertWatermarkHopMeasured(runs.analysis(), ClickWindowsJob.WATERMARKS,
                ClickWindowsJob.SINK);
        // One clock here: each result's watermark was released before it reached the window.
        LatencyStats fromRelease = AnalysisCoverage.latencies(runs.analysis(), HopKind.WATERMARK,
                ClickWindowsJob.WATERMARKS, ClickWindowsJob.SINK);
        LatencyStats fromWindow = AnalysisCoverage.latencies(runs.analysis(),
                HopKind.END_TO_END, ClickWindowsJob.WINDOW, ClickWindowsJob.SINK);
        assertTrue(fromRelease.min() >= fromWindow.min() * 0.98,
                () -> fromRelease + " against " + fromWindow);
    }

    /** A click ends in its window: no click reaches the sink, every window result does. */
    @Test
    void eachClickIsCountedOnceEndingAtTheWindowAndEachResultIsAnOutput() {
        AnalysisCoverage.assertEachSourceRecordCountedOnce(runs.analysis(), CLICKS);
        AnalysisSummary.Tuples tuples = runs.analysis().tuples();
        assertEquals(0, tuples.complete(), tuples::toString);
        assertEquals(CLICKS, tuples.timedOut(), tuples::toString);
        assertEquals(List.of(ClickWindowsJob.WINDOW), tuples.timedOutBy().stream()
                .map(AnalysisSummary.TimedOut::component).toList(), tuples::toString);
        AnalysisCoverage.assertOutputsComplete(runs.analysis(), expectedRates().size(), 0);
    }

    /** The clicks per second of each page in each window, from the generated clicks. */
    private static Map<PageRate, Long> expectedRates() {
        ClickGenerator clicks = new ClickGenerator(SEED);
        NormalizePage normalize = new NormalizePage();
        Map<List<Object>, Long> counts = new HashMap<>();
        for (long i = 0; i < CLICKS; i++) {
            Click click = normalize.map(clicks.map(i));
            long windowStart = click.timestampMs() / ClickWindowsJob.WINDOW_MS
                    * ClickWindowsJob.WINDOW_MS;
            counts.merge(List.of(click.page(), windowStart), 1L, Long::sum);
        }
        return counts.entrySet().stream().map(count -> new PageRate(
                        (String) count.getKey().get(0), (Long) count.getKey().get(1),
                        count.getValue() * 1000.0 / ClickWindowsJob.WINDOW_MS))
                .collect(Collectors.toMap(Function.identity(), rate -> 1L));
    }
}
