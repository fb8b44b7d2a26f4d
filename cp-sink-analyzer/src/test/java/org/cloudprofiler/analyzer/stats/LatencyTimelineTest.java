package org.cloudprofiler.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class LatencyTimelineTest {

    private static final long SECOND_NS = 1_000_000_000L;

    @Test
    void eachWindowsPercentilesHoldTheExactOnesWithinTheBucketWidth() {
        LatencyTimeline timeline = new LatencyTimeline(SECOND_NS);
        Map<Long, List<Double>> exact = new TreeMap<>();
        Random random = new Random(20);
        for (int i = 0; i < 60_000; i++) {
            double startNs = random.nextDouble() * 30 * SECOND_NS;
            long window = (long) (startNs / SECOND_NS);
            // A latency that grows with time, a long tail, and some below zero.
            double latencyNs = (window + 1) * 10_000 * Math.exp(random.nextGaussian())
                    - (i % 50 == 0 ? 300 : 0) * (window % 2);
            timeline.add(startNs, latencyNs, 40);
            exact.computeIfAbsent(window, k -> new ArrayList<>()).add(latencyNs);
        }

        assertEquals(SECOND_NS, timeline.windowNs());
        assertEquals(exact.keySet(), timeline.windows().keySet());
        exact.forEach((window, values) -> {
            ExactPercentiles reference = new ExactPercentiles(values.stream()
                    .mapToDouble(Double::doubleValue).toArray());
            SignedHistogram histogram = timeline.windows().get(window).latencyNs();
            assertEquals(values.size(), histogram.totalCount());
            assertEquals(reference.max(), histogram.max(), 0);
            assertEquals(40, timeline.windows().get(window).boundMaxNs(), 0);
            for (double percentile : new double[] {50, 90, 99}) {
                double expected = reference.at(percentile);
                double actual = histogram.valueAtPercentile(percentile);
                // Never below the value of the rank; at most a 2-digit bucket (1%) above it.
                assertTrue(actual >= expected && actual <= expected + Math.abs(expected) * 0.01
                        + 1, "window " + window + " p" + percentile + ": " + actual
                                + " against " + expected);
            }
        });
    }

    @Test
    void anHourLongRunKeepsAtMostTheMaximumOfWindowsByWideningThem() {
        LatencyTimeline timeline = new LatencyTimeline(SECOND_NS);
        for (long second = 0; second < 3600; second++) {
            timeline.add(second * SECOND_NS + 0.5 * SECOND_NS, 1000 + second, 10);
        }

        assertTrue(timeline.windows().size() <= LatencyTimeline.MAX_WINDOWS,
                timeline.windows().size() + " windows");
        assertEquals(16 * SECOND_NS, timeline.windowNs());
        assertEquals(3600, timeline.windows().values().stream()
                .mapToLong(window -> window.latencyNs().totalCount()).sum());
        // Window 0 holds seconds 0 to 15: its largest latency is second 15's.
        assertEquals(1015, timeline.windows().get(0L).latencyNs().max(), 0);
    }

    @Test
    void mergingPartsGivesWhatOneTimelineOfAllTheSamplesGives() {
        LatencyTimeline whole = new LatencyTimeline(SECOND_NS);
        LatencyTimeline early = new LatencyTimeline(SECOND_NS);
        LatencyTimeline late = new LatencyTimeline(SECOND_NS);
        for (long second = 0; second < 1000; second++) {
            double startNs = second * SECOND_NS + 1;
            whole.add(startNs, second, second % 7);
            (second < 100 ? early : late).add(startNs, second, second % 7);
        }

        early.merge(late);

        assertEquals(whole.windowNs(), early.windowNs());
        assertEquals(whole.windows().keySet(), early.windows().keySet());
        whole.windows().forEach((index, window) -> {
            assertEquals(window.latencyNs().totalCount(),
                    early.windows().get(index).latencyNs().totalCount());
            assertEquals(window.boundMaxNs(), early.windows().get(index).boundMaxNs(), 0);
        });
    }

    @Test
    void aHopThatStartedBeforeTheRunsStartFallsInAWindowBelowZero() {
        LatencyTimeline timeline = new LatencyTimeline(SECOND_NS);
        timeline.add(-0.25 * SECOND_NS, 100, 0);
        timeline.add(0, 200, 0);

        assertEquals(List.of(-1L, 0L), new ArrayList<>(timeline.windows().keySet()));
    }
}
