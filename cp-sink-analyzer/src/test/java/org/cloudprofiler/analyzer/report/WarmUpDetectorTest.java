package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WarmUpDetectorTest {

    private static final long SECOND_NS = 1_000_000_000L;

    /** A hop row whose per-second p99 are {@code p99Ns}, one window per second. */
    private static AnalysisSummary.HopRow hop(String name, double... p99Ns) {
        return hop(name, 0, p99Ns);
    }

    /** As above, with bounds up to {@code boundMaxNs} in every window. */
    private static AnalysisSummary.HopRow hop(String name, double boundMaxNs, double... p99Ns) {
        List<AnalysisSummary.WindowPoint> points = new ArrayList<>();
        for (int i = 0; i < p99Ns.length; i++) {
            points.add(new AnalysisSummary.WindowPoint(i * SECOND_NS, 1000, p99Ns[i] / 2,
                    p99Ns[i] * 0.9, p99Ns[i], p99Ns[i] * 1.5, boundMaxNs));
        }
        return new AnalysisSummary.HopRow(name, "TRANSFER", "a", "b", "LOCAL", 1000, 1000, 0, 0,
                null, 0, null, null, null, Map.of(),
                new AnalysisSummary.OverTime(SECOND_NS, points), null);
    }

    private static double[] steadyAfter(int warmUpSeconds, int seconds, double warmUpP99Ns) {
        double[] p99 = new double[seconds];
        for (int i = 0; i < seconds; i++) {
            p99[i] = i < warmUpSeconds ? warmUpP99Ns / (i + 1) : 100_000 + (i % 3) * 10_000;
        }
        return p99;
    }

    @Test
    void theWarmUpEndsWhereTheLastHopSettles() {
        AnalysisSummary.WarmUp warmUp = WarmUpDetector.find(List.of(
                hop("spout -> bolt", steadyAfter(2, 30, 5_000_000)),
                hop("bolt -> sink", steadyAfter(3, 30, 412_000_000))));

        assertEquals(3 * SECOND_NS, warmUp.endNs());
        assertEquals("bolt -> sink (local)", warmUp.hop());
        assertEquals(412_000_000, warmUp.p99MaxNs(), 0);
        assertEquals("bolt -> sink (local)", warmUp.p99MaxHop());
    }

    @Test
    void oneExcursionAfterTheWarmUpDoesNotStretchIt() {
        double[] p99 = steadyAfter(2, 30, 50_000_000);
        p99[4] = 30_000_000;

        assertEquals(2 * SECOND_NS, WarmUpDetector.find(List.of(hop("spout -> bolt", p99)))
                .endNs());
    }

    @Test
    void aLatencySpikeLaterInTheRunIsNotAWarmUp() {
        double[] p99 = steadyAfter(0, 30, 0);
        p99[17] = 50_000_000;

        assertNull(WarmUpDetector.find(List.of(hop("spout -> bolt", p99))).endNs());
    }

    @Test
    void samplesThatBeginAfterTheRunsStartAndAreSettledFromTheirFirstWindowHaveNoWarmUp() {
        // As with --from 1s: the first window holds the samples from 1 s on.
        AnalysisSummary.HopRow fromOneSecond = hop("spout -> bolt", steadyAfter(0, 30, 0));
        List<AnalysisSummary.WindowPoint> shifted = fromOneSecond.overTime().points().stream()
                .map(point -> new AnalysisSummary.WindowPoint(point.startNs() + SECOND_NS,
                        point.samples(), point.p50(), point.p90(), point.p99(), point.max(),
                        point.boundMax()))
                .toList();
        AnalysisSummary.HopRow row = new AnalysisSummary.HopRow("spout -> bolt", "TRANSFER", "a",
                "b", "LOCAL", 1000, 1000, 0, 0, null, 0, null, null, null, Map.of(),
                new AnalysisSummary.OverTime(SECOND_NS, shifted), null);

        assertNull(WarmUpDetector.find(List.of(row)).endNs());
    }

    @Test
    void aCrossNodeHopWhosePerWindowP99IsNearZeroWithinItsBoundIsSettled() {
        // Poor sync: p99 between -30 and 20 us, median below zero, bounds up to 40 us.
        double[] p99 = new double[30];
        for (int i = 0; i < p99.length; i++) {
            p99[i] = (i % 6 - 3) * 10_000;
        }
        AnalysisSummary.WarmUp warmUp = WarmUpDetector.find(List.of(
                hop("spout -> bolt", 40_000, p99)));

        assertNull(warmUp.endNs());
        assertEquals(List.of(), warmUp.neverSettled());
    }

    @Test
    void aHopThatNeverSettlesIsNamedAndDoesNotMakeTheWholeRunAWarmUp() {
        // Two of every 5 seconds, and the last two, at 100 times the median: no 5 windows
        // (nor the rest of the run) with at most one above the limit.
        double[] bimodal = new double[30];
        for (int i = 0; i < bimodal.length; i++) {
            bimodal[i] = i < 28 && i % 5 != 2 && i % 5 != 4 ? 100_000 : 10_000_000;
        }
        AnalysisSummary.WarmUp warmUp = WarmUpDetector.find(List.of(
                hop("spout -> bolt", bimodal),
                hop("bolt -> sink", steadyAfter(3, 30, 412_000_000))));

        assertEquals(List.of("spout -> bolt (local)"), warmUp.neverSettled());
        assertEquals(3 * SECOND_NS, warmUp.endNs());
        assertEquals("bolt -> sink (local)", warmUp.hop());
    }

    @Test
    void tooFewWindowsToTellGiveNoWarmUp() {
        assertNull(WarmUpDetector.find(List.of(hop("spout -> bolt",
                steadyAfter(3, WarmUpDetector.MIN_WINDOWS - 1, 1e9)))).endNs());
    }
}
