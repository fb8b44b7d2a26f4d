package org.cloudprofiler.analyzer.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.LatencyStats;
import org.junit.jupiter.api.Test;

/** The rule that calls a difference faster, slower or within bounds, and how hops are matched. */
class RunComparisonTest {

    @Test
    void aDifferenceNoLargerThanBothBoundsIsWithinBounds() {
        // p50 1,000 ± 101 against 1,202 ± 101 (bound 100, whole-ns rounding 1): 202 apart,
        // exactly the bounds' sum.
        HopComparison hop = onlyHop(row("a -> b", "LOCAL", 1_000, 100), row("a -> b", "LOCAL",
                1_202, 100));

        assertEquals(Verdict.WITHIN_BOUNDS, hop.p50().verdict());
        assertEquals(202, hop.p50().differenceNs(), 0);
    }

    @Test
    void aDifferenceBeyondBothBoundsIsSlowerOrFaster() {
        HopComparison slower = onlyHop(row("a -> b", "LOCAL", 1_000, 100), row("a -> b", "LOCAL",
                1_203, 100));
        HopComparison faster = onlyHop(row("a -> b", "LOCAL", 1_203, 100), row("a -> b", "LOCAL",
                1_000, 100));

        assertEquals(Verdict.SLOWER, slower.p50().verdict());
        assertEquals(Verdict.FASTER, faster.p50().verdict());
    }

    @Test
    void everyVerdictIsOneTheRuleGives() {
        Set<Verdict> given = EnumSet.noneOf(Verdict.class);
        given.add(onlyHop(row("a -> b", "LOCAL", 1_000, 0), row("a -> b", "LOCAL", 1_000, 0))
                .p50().verdict());
        given.add(onlyHop(row("a -> b", "LOCAL", 1_000, 0), row("a -> b", "LOCAL", 2_000, 0))
                .p50().verdict());
        given.add(onlyHop(row("a -> b", "LOCAL", 2_000, 0), row("a -> b", "LOCAL", 1_000, 0))
                .p50().verdict());

        // A row without percentiles to compare has none (null), not a verdict of its own.
        assertEquals(EnumSet.allOf(Verdict.class), given);
    }

    @Test
    void aPercentileBoundIsTheLargestSampleBoundNotTheBoundsPercentile() {
        // Half the samples carry no error, but one carries 5 µs: the median may move by 5 µs.
        LatencyStats bounds = stats(0, 5_000);

        assertEquals(5_000 + 1, HopComparison.percentileBoundNs(1_000, bounds), 0);
    }

    @Test
    void aPercentileAlsoAllowsForTheWidthOfItsHistogramBucketAtItsMagnitude() {
        // Rounded up to a whole ns below 2,048 ns; buckets 2 ns wide up to 4,095, then 4 ns.
        assertEquals(1_000 + 1, HopComparison.percentileBoundNs(1_001, stats(0, 1_000)), 0);
        assertEquals(1_000 + 2, HopComparison.percentileBoundNs(2_048, stats(0, 1_000)), 0);
        assertEquals(1_000 + 2, HopComparison.percentileBoundNs(4_095, stats(0, 1_000)), 0);
        assertEquals(1_000 + 4, HopComparison.percentileBoundNs(4_096, stats(0, 1_000)), 0);
    }

    @Test
    void hopsInOneRunOnlyAreKeptAndAHopWithoutBoundedSamplesIsNotCompared() {
        AnalysisSummary.HopRow unbounded = new AnalysisSummary.HopRow("a -> b", "TRANSFER", "a",
                "b", "REMOTE", 10, 0, 10, 0, null, 0, null, null, null, Map.of(), null, null);
        RunComparison comparison = RunComparison.of(
                run("A", row("a -> b", "LOCAL", 1, 0), unbounded),
                run("B", row("a -> b", "REMOTE", 1, 0), row("b -> c", "LOCAL", 1, 0)));

        List<HopComparison> hops = comparison.hops();
        assertEquals(3, hops.size());
        assertEquals("LOCAL", hops.get(0).locality());
        assertNull(hops.get(0).b(), "a -> b local is in A only");
        assertEquals("REMOTE", hops.get(1).locality());
        assertNull(hops.get(1).p50(), "A has no bounded sample of a -> b remote");
        assertEquals("b -> c", hops.get(2).hop());
        assertNull(hops.get(2).a(), "b -> c is in B only");
    }

    @Test
    void rowsAlikeAreMatchedInOrderByKindNameAndLocalityAndNoneIsDropped() {
        // Two subscriptions of b to a (other groupings) give two a -> b transfers; a component
        // whose id is "a -> b" gives a compute hop of that name.
        AnalysisSummary.HopRow compute = new AnalysisSummary.HopRow("a -> b", "COMPUTE",
                "a -> b", "a -> b", "LOCAL", 100, 100, 0, 0, null, 0, null, stats(50, 50),
                stats(0, 0), Map.of(), null, List.of());
        RunComparison comparison = RunComparison.of(
                run("A", row("a -> b", "LOCAL", 1_000, 0), row("a -> b", "LOCAL", 1_000, 0),
                        compute),
                run("B", row("a -> b", "LOCAL", 2_000, 0), row("a -> b", "LOCAL", 3_000, 0),
                        compute));

        List<HopComparison> hops = comparison.hops();
        assertEquals(3, hops.size(), hops.toString());
        assertEquals(2_000, hops.get(0).p50().bNs(), 0);
        assertEquals(3_000, hops.get(1).p50().bNs(), 0);
        assertEquals("COMPUTE", hops.get(2).b().kind());
        assertEquals(Verdict.WITHIN_BOUNDS, hops.get(2).p50().verdict());
    }

    private static HopComparison onlyHop(AnalysisSummary.HopRow a, AnalysisSummary.HopRow b) {
        return RunComparison.of(run("A", a), run("B", b)).hops().get(0);
    }

    /** A finished analysis of a whole run without warm-up. */
    static AnalyzedRun run(String source, AnalysisSummary.HopRow... hops) {
        return new AnalyzedRun(source, true, false, new AnalysisSummary.Analysed(0, null,
                "the sources' first tuple", "rule"), new AnalysisSummary.WarmUp(null, "rule",
                        null, null, null, List.of()), List.of(hops));
    }

    /** A hop row whose latencies are all {@code latencyNs}, each bound {@code boundNs}. */
    private static AnalysisSummary.HopRow row(String hop, String locality, double latencyNs,
            double boundNs) {
        return new AnalysisSummary.HopRow(hop, "TRANSFER", "a", "b", locality, 100, 100, 0, 0,
                null, 0, null, stats(latencyNs, latencyNs), stats(boundNs, boundNs), Map.of(),
                null, null);
    }

    private static LatencyStats stats(double medianNs, double maxNs) {
        return new LatencyStats(0, 0, 0, medianNs, medianNs, medianNs, medianNs, medianNs, maxNs,
                medianNs);
    }
}
