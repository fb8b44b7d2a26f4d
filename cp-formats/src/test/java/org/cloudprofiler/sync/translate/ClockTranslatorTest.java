package org.cloudprofiler.sync.translate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.sync.PairMeasurement;
import org.cloudprofiler.sync.SyncAuthentication;
import org.cloudprofiler.sync.SyncData;
import org.cloudprofiler.sync.SyncExchange;
import org.cloudprofiler.sync.SyncNode;
import org.cloudprofiler.sync.SyncPhase;
import org.junit.jupiter.api.Test;

/**
 * Every case of the table in docs/design.md, "Clock sync and the CP translation", with numbers
 * computed by hand from the formulas there.
 *
 * <p>The fixture: R runs at 2 GHz, B and C at 1 GHz. R -> B: midpoints 1005 ± 500 at B 5000 and
 * 1_001_105 ± 1000 at B 1_005_000, so {@code r_B = 1.0001}. R -> C: 2002 ± 200 at C 90_000 and
 * 2_001_802 ± 400 at C 2_090_000, {@code r_C = 0.9999}. B -> C: 10_050 ± 1 at C 91_000 and
 * 2_010_050 ± 1 at C 2_091_000, rate 1. C -> B, where present, is its exact inverse.
 */
class ClockTranslatorTest {

    private static final double EXACT = 1e-9;
    // Whole-tick allowances ClockTranslator adds to the design's bounds (see its Javadoc): B's
    // clock runs at 1.0001 reference ticks per tick with its exchanges 1,000,000 ticks apart,
    // C's at 0.9999 with 2,000,000, B and C at 1 relative to each other; all inside the sync
    // window.
    private static final double REFERENCE_READING = 1;
    private static final double B_TIMESTAMP = 1 + 1.0001 + REFERENCE_READING;
    private static final double C_TIMESTAMP = 1 + 0.9999;
    private static final double B_HOSTS_C = 1.0001 * (1 + 1) + sameNode(1.0001, 50, 1_000_000)
            + REFERENCE_READING;
    private static final double C_HOSTS_B = 0.9999 * (1 + 1) + sameNode(0.9999, 50, 2_000_000)
            + REFERENCE_READING;

    /** A duration between two readings of one node: its tick and the rate's slack. */
    private static double sameNode(double rate, double durationTicks, double spanTicks) {
        return rate + (1 + rate) * durationTicks / spanTicks;
    }

    @Test
    void bothOnTheReferenceIsAPlainDifference() {
        TranslatedDuration d = translator(TranslationMethod.MINRTT, false)
                .duration("R", 100, "R", 250);
        assertDuration(150, 0, TranslationPath.SAME_NODE_REFERENCE, d);
    }

    @Test
    void sameOtherNodeScalesByItsRate() {
        // 1.0001 · 200_000; bound (500 + 1000) · 200_000 / 1_000_000.
        TranslatedDuration d = translator(TranslationMethod.MINRTT, false)
                .duration("B", 105_000, "B", 305_000);
        assertDuration(200_020, 300 + sameNode(1.0001, 200_000, 1_000_000) + REFERENCE_READING,
                TranslationPath.SAME_NODE, d);
        TranslatedDuration backwards = translator(TranslationMethod.MINRTT, false)
                .duration("B", 305_000, "B", 105_000);
        assertDuration(-200_020, 300 + sameNode(1.0001, 200_000, 1_000_000) + REFERENCE_READING,
                TranslationPath.SAME_NODE, backwards);
    }

    /**
     * The drift term of docs/design.md, "Drift between phases", at ρ = 10 ppm: {@code ρ·r·x·(T −
     * x)/T} for a translated tick, {@code ρ·r·|d|·(T − |d|)/T} for a duration on one node, and
     * {@code 2ρ} for the map between two nodes other than R.
     */
    @Test
    void driftAddsItsTermToEveryPath() {
        double rho = 10e-6;
        ClockTranslator drifting = ClockTranslator.create(data(false), "R",
                TranslationMethod.MINRTT, rho);
        // B: 200_000 ticks from 100_000 into its span of 1_000_000.
        assertDuration(200_020, 300 + sameNode(1.0001, 200_000, 1_000_000) + REFERENCE_READING
                + rho * 1.0001 * 200_000 * 800_000 / 1_000_000, TranslationPath.SAME_NODE,
                drifting.duration("B", 105_000, "B", 305_000));
        // B's tick half-way through its span.
        assertDuration(301_055, 750 + B_TIMESTAMP + rho * 1.0001 * 500_000 * 500_000
                / 1_000_000, TranslationPath.REFERENCE_AND_OTHER,
                drifting.duration("R", 200_000, "B", 505_000));
        // C's tick 295_000 into the pair's span of 2_000_000 at 2ρ and rate 1, scaled by r_B;
        // then B's 50 ticks at ρ.
        ClockTranslator throughB = ClockTranslator.create(data(false, "R", "C"), "R",
                TranslationMethod.MINRTT, rho);
        assertDuration(50.005, 1.0751 + B_HOSTS_C
                + 1.0001 * 2 * rho * 295_000 * 1_705_000 / 2_000_000
                + rho * 1.0001 * 50 * 999_950 / 1_000_000, TranslationPath.PAIR_DIRECT,
                throughB.duration("B", 305_000, "C", 386_000));
        assertTrue(drifting.driftBeyondModel().isEmpty());
    }

    @Test
    void referenceThenOtherTranslatesTheEnd() {
        // f_B(505_000) = 1005 + 1.0001 · 500_000 = 501_055; σ = 0.5: 0.5 · 500 + 0.5 · 1000.
        TranslatedDuration d = translator(TranslationMethod.MINRTT, false)
                .duration("R", 200_000, "B", 505_000);
        assertDuration(301_055, 750 + B_TIMESTAMP, TranslationPath.REFERENCE_AND_OTHER, d);
    }

    @Test
    void otherThenReferenceTranslatesTheStart() {
        TranslatedDuration d = translator(TranslationMethod.MINRTT, false)
                .duration("B", 505_000, "R", 600_000);
        assertDuration(98_945, 750 + B_TIMESTAMP, TranslationPath.REFERENCE_AND_OTHER, d);
    }

    @Test
    void shortHopBetweenOtherNodesGoesThroughTheirPair() {
        // d^B = f_BC(386_000) − 305_000 = 50; 1.0001 · 50;
        // bound 1.0001 · δ_BC + 1500 · 50 / 1_000_000 = 1.0001 + 0.075. C cannot host the hop
        // (its map to R lacks the end phase), which would be tighter (the next test).
        TranslatedDuration d = ClockTranslator.create(data(false, "R", "C"), "R",
                TranslationMethod.MINRTT).duration("B", 305_000, "C", 386_000);
        assertDuration(50.005, 1.0751 + B_HOSTS_C, TranslationPath.PAIR_DIRECT, d);
    }

    @Test
    void pairDirectTakesTheTighterOfBothDirections() {
        // Through C: d^C = 386_000 − f_CB(305_000) = 50; 0.9999 · 50;
        // bound 0.9999 · δ_CB + 600 · 50 / 2_000_000 = 0.9999 + 0.015, tighter than through B.
        TranslatedDuration d = translator(TranslationMethod.MINRTT, true)
                .duration("B", 305_000, "C", 386_000);
        assertDuration(49.995, 1.0149 + C_HOSTS_B, TranslationPath.PAIR_DIRECT, d);
    }

    @Test
    void longHopBetweenOtherNodesGoesThroughTheReference() {
        // f_C(1_091_000) − f_B(305_000) = 1_002_901.9 − 301_035; bound 650 + 300.1. B <-> C
        // measured over a slow path (δ = 1000): through the pair hosted by B it would be
        // 1.0001 · 1000 + 1500 · 705_050 / 1_000_000 = 2058.58, hosted by C some
        // 0.9999 · 1000 + 600 · 705_050 / 2_000_000 = 1211.4.
        SyncData slowPair = replacePair(data(false), "B", "C", exchange(10_050, 1000, 91_000),
                exchange(2_010_050, 1000, 2_091_000));
        TranslatedDuration d = ClockTranslator.create(slowPair, "R", TranslationMethod.MINRTT)
                .duration("B", 305_000, "C", 1_091_000);
        assertDuration(701_866.9, 950.1 + (1 + 1.0001) + C_TIMESTAMP + REFERENCE_READING,
                TranslationPath.BASELINE, d);
    }

    @Test
    void hullOfTwoExchangesPerPairGivesTheSameNumbers() {
        ClockTranslator hull = translator(TranslationMethod.HULL, false);
        double tolerance = 1e-6;
        assertDuration(200_020, 300 + sameNode(1.0001, 200_000, 1_000_000) + REFERENCE_READING,
                TranslationPath.SAME_NODE,
                hull.duration("B", 105_000, "B", 305_000), tolerance);
        assertDuration(301_055, 750 + B_TIMESTAMP, TranslationPath.REFERENCE_AND_OTHER,
                hull.duration("R", 200_000, "B", 505_000), tolerance);
    }

    @Test
    void hullAlsoTranslatesWithExchangesTheOtherNodeInitiated() {
        // B -> C bounds the map C <- B too: C's 91_000 came at B's 10_050 ± 1, so
        // f_CB(305_000) = 385_950 ± 1 and d^C = 1_091_000 − 385_950 = 705_050: 0.9999 · d^C,
        // bound (0.9999 + 0.0003) · 1 + 600 · 705_050 / 2_000_000, tighter than the baseline's
        // 950.1. MinRTT, which has no exchange C initiated, takes B's the same way.
        ClockTranslator hull = translator(TranslationMethod.HULL, false);
        // The design's 212.5152 (docs/design.md) plus whole ticks: 1.0002 · 2 for the translation
        // onto C, C's tick and rate slack over its 705,050 ticks, and the reference reading.
        assertDuration(704_979.495, 212.5152 + 1.0002 * 2 + sameNode(0.9999, 705_050, 2_000_000)
                + REFERENCE_READING, TranslationPath.PAIR_DIRECT,
                hull.duration("B", 305_000, "C", 1_091_000), 1e-6);
        // The short hop the same way, C's pair path counting the rate's uncertainty over the
        // pair's bound too: 0.9999 · 50, bound (0.9999 + 0.0003) · 1 + 0.0003 · 50.
        assertDuration(49.995, 1.0152 + 1.0002 * 2 + sameNode(0.9999, 50, 2_000_000)
                + REFERENCE_READING, TranslationPath.PAIR_DIRECT,
                hull.duration("B", 305_000, "C", 386_000), 1e-6);
    }

    @Test
    void translatesTimestampsAndConvertsToNanoseconds() {
        ClockTranslator translator = translator(TranslationMethod.MINRTT, false);
        // Half a tick more for the rounded value.
        assertEquals(new TranslatedTimestamp(501_055, 750 + B_TIMESTAMP + 0.5),
                translator.toReference("B", 505_000));
        assertEquals(new TranslatedTimestamp(42, 0), translator.toReference("R", 42));
        assertEquals(150_527.5, translator.ticksToNs(301_055), EXACT);
        assertEquals("R", translator.referenceNode());
        assertEquals(TranslationMethod.MINRTT, translator.method());
    }

    @Test
    void missingPairsMakeOnlyTheirPathsUnavailable() {
        // Nobody measured C in the end phase: every path to C needs a map C lacks.
        SyncData data = data(false, "R", "C", "B", "C");
        ClockTranslator translator = ClockTranslator.create(data, "R", TranslationMethod.MINRTT);
        assertDuration(200_020, 300 + sameNode(1.0001, 200_000, 1_000_000) + REFERENCE_READING,
                TranslationPath.SAME_NODE, translator.duration("B", 105_000, "B", 305_000));
        UnsynchronizedNodesException e = assertThrows(UnsynchronizedNodesException.class,
                () -> translator.duration("R", 0, "C", 100));
        assertTrue(e.getMessage().startsWith("no clock translation from R and C to the"
                + " reference R is possible with MINRTT sync data:\n  R <- C: sync.json has no"
                + " end-phase measurement of R -> C. Fix: "), e.getMessage());
        UnsynchronizedNodesException onC = assertThrows(UnsynchronizedNodesException.class,
                () -> translator.duration("C", 0, "C", 100));
        assertTrue(onC.getMessage().startsWith("no clock translation of durations on C to the"
                + " reference R is possible with MINRTT sync data:\n  R <- C:"), onC.getMessage());
        assertThrows(UnsynchronizedNodesException.class,
                () -> translator.duration("B", 305_000, "C", 386_000));
        UnsynchronizedNodesException timestamp = assertThrows(
                UnsynchronizedNodesException.class, () -> translator.toReference("C", 1));
        assertTrue(timestamp.getMessage().contains("R <- C: sync.json has no end-phase"),
                timestamp.getMessage());
    }

    @Test
    void aNodeWithoutItsOwnPairToTheReferenceGoesThroughAnother() {
        // R -> C lacks its end phase, C -> R was never measured: C reaches R through B.
        ClockTranslator translator = ClockTranslator.create(data(false, "R", "C"), "R",
                TranslationMethod.MINRTT);
        // C's 100_000 ticks are as many of B's (B <- C: rate 1, half-width 2 / 2_000_000),
        // then 1.0001 times as many of R's (R <- B: half-width 1500 / 1_000_000). B's rate
        // could be up to 1.0016: the inner bound and whole ticks scale by that.
        double upper = 1.0001 + 1500.0 / 1_000_000;
        double scaled = 1500.0 / 1_000_000 * 100_000 + upper * 2.0 / 2_000_000 * 100_000;
        double wholeTicks = upper + 100_000 * (upper * 2 / 2_000_000 + 2.0001 / 1_000_000);
        assertDuration(100_010, scaled + wholeTicks + REFERENCE_READING,
                TranslationPath.SAME_NODE, translator.duration("C", 1_000_000, "C", 1_100_000),
                1e-6);
        // C's 1_091_000 is B's 1_010_050 ± 1 (σ = 0.5 of B <- C), then R's
        // 1005 + 1.0001 · 1_005_050 = 1_006_155.505 ± (0.00505 · 500 + 1.00505 · 1000) at
        // σ = 1.00505 of R <- B; whole ticks: R <- B's exchanges weighted 1.0101 there, B <- C's
        // (1) and C's reading (1) scaled by B's upper rate.
        double bound = 1007.575 + upper * 1 + (1.0101 + upper * (1 + 1)) + REFERENCE_READING;
        assertDuration(1_006_155.505 - 1_000_000, bound, TranslationPath.REFERENCE_AND_OTHER,
                translator.duration("R", 1_000_000, "C", 1_091_000), 1e-6);
    }

    @Test
    void hullNeedsMeasurementsInEitherDirection() {
        SyncData data = data(false, "R", "C", "B", "C");
        UnsynchronizedNodesException e = assertThrows(UnsynchronizedNodesException.class,
                () -> ClockTranslator.create(data, "R", TranslationMethod.HULL)
                        .duration("R", 0, "C", 100));
        assertTrue(e.getMessage().contains("R <- C: sync.json has no end-phase measurement"
                + " between R and C"), e.getMessage());
    }

    @Test
    void rejectsNodesNotInTheData() {
        ClockTranslator translator = translator(TranslationMethod.MINRTT, false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> translator.duration("B", 0, "D", 1));
        assertTrue(e.getMessage().contains("the node \"D\" is not in the sync data; its nodes"
                + " are [B, C, R]"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ClockTranslator.create(data(false), "X", TranslationMethod.MINRTT));
    }

    @Test
    void midPhasesMakeTheMapPiecewise() {
        // R -> B at B 0, 1_000_000 and 3_000_000: midpoints 1000 ± 5, 1_001_000 ± 10 and
        // 3_001_600 ± 20, so rate 1 in the first segment and 1.0003 in the second.
        List<SyncPhase> phases = List.of(
                phase(SyncPhase.START, 0, pair("R", "B", exchange(1000, 5, 0))),
                phase(SyncPhase.MID, 1, pair("R", "B", exchange(1_001_000, 10, 1_000_000))),
                phase(SyncPhase.END, 2, pair("R", "B", exchange(3_001_600, 20, 3_000_000))));
        SyncData data = new SyncData(SyncData.SCHEMA_VERSION, SyncAuthentication.SECRET,
                nodes(), phases, List.of());
        ClockMap map = ClockMapFactory.create(data, TranslationMethod.MINRTT, "R", "B");
        assertInstanceOf(PiecewiseClockMap.class, map);
        assertEquals(new TranslatedTimestamp(501_000, 7.5), map.translate(500_000));
        assertEquals(new TranslatedTimestamp(1_001_000, 10), map.translate(1_000_000));
        assertEquals(new TranslatedTimestamp(2_001_300, 15), map.translate(2_000_000));
        // Outside the phases the first and last segments extrapolate.
        assertEquals(new TranslatedTimestamp(-999_000, 20), map.translate(-1_000_000));
        assertEquals(new TranslatedTimestamp(4_001_900, 35), map.translate(4_000_000));
        assertEquals(1.0003, map.rate(2_500_000), EXACT);
        assertEquals(30.0 / 2_000_000, map.rateHalfWidth(2_500_000), EXACT);
        // 500_000 ticks at rate 1 (bound 15 · 0.5) and 1_000_000 at 1.0003 (bound 30 · 0.5).
        ClockTranslator translator = ClockTranslator.create(data, "R", TranslationMethod.MINRTT);
        // Whole ticks: the rate's tick, its slack over 1.5 M ticks against the shortest segment's
        // 1 M, and the reference reading.
        assertDuration(1_500_300, 22.5 + 1 + 2 * 1.5 + 1, TranslationPath.SAME_NODE,
                translator.duration("B", 500_000, "B", 2_000_000));
        assertDuration(-1_500_300, 22.5 + 1.0003 + 2.0003 * 1.5 + 1, TranslationPath.SAME_NODE,
                translator.duration("B", 2_000_000, "B", 500_000));
    }

    @Test
    void hullReportsExchangesNoLineFits() {
        // Rate 1 between the start exchanges, rate 2 to the end: no single line fits.
        SyncExchange first = new SyncExchange(0, 0, 2);
        SyncExchange second = new SyncExchange(1000, 1000, 1002);
        PairMeasurement start = new PairMeasurement("R", "B", 2, 0, first,
                List.of(first, second));
        PairMeasurement end = pair("R", "B", new SyncExchange(3000, 2000, 3002));
        SyncData data = new SyncData(SyncData.SCHEMA_VERSION, SyncAuthentication.SECRET, nodes(),
                List.of(phase(SyncPhase.START, 0, start), phase(SyncPhase.END, 1, end)),
                List.of());
        InconsistentSyncException e = assertThrows(InconsistentSyncException.class,
                () -> ClockMapFactory.create(data, TranslationMethod.HULL, "R", "B"));
        assertTrue(e.getMessage().startsWith("R <- B, phases 0 (start) to 1 (end): no linear"
                + " clock map satisfies every exchange: the exchange"), e.getMessage());
        // MinRTT looks at the min exchanges only and cannot see the contradiction.
        ClockTranslator.create(data, "R", TranslationMethod.MINRTT).duration("B", 0, "B", 1);
    }

    @Test
    void inconsistentPairIsLeftUnsynchronizedAndTheRestTranslates() {
        // R <-> B as in the test above (no line fits), R <-> C as in the fixture.
        SyncExchange first = new SyncExchange(0, 0, 2);
        SyncExchange second = new SyncExchange(1000, 1000, 1002);
        SyncData data = new SyncData(SyncData.SCHEMA_VERSION, SyncAuthentication.SECRET,
                nodes(), List.of(
                phase(SyncPhase.START, 0, List.of(new PairMeasurement("R", "B", 2, 0, first,
                        List.of(first, second)), pair("R", "C", exchange(2002, 200, 90_000)))),
                phase(SyncPhase.END, 1, List.of(pair("R", "B", new SyncExchange(3000, 2000,
                        3002)), pair("R", "C", exchange(2_001_802, 400, 2_090_000))))),
                List.of());

        ClockTranslator translator = ClockTranslator.create(data, "R", TranslationMethod.HULL);

        UnsynchronizedNodesException e = assertThrows(UnsynchronizedNodesException.class,
                () -> translator.duration("B", 0, "B", 10));
        assertTrue(e.getMessage().startsWith("no clock translation of durations on B to the"
                + " reference R is possible with HULL sync data:\n  R <- B, phases 0 (start) to"
                + " 1 (end): no linear clock map satisfies every exchange"), e.getMessage());
        assertTrue(e.getMessage().endsWith("The pair is treated as unsynchronized"),
                e.getMessage());
        // C's rate 0.9999 and its half-width (200 + 400) / 2_000_000, as MinRTT's.
        assertDuration(99.99, 600.0 * 100 / 2_000_000 + sameNode(0.9999, 100, 2_000_000)
                        + REFERENCE_READING,
                TranslationPath.SAME_NODE, translator.duration("C", 100_000, "C", 100_100),
                1e-6);
    }

    @Test
    void minRttTakesTheOtherDirectionWhereOneLacksItsEndPhase() {
        // R -> C has no end phase; C -> R, the exact mirror, has both.
        List<PairMeasurement> start = List.of(pair("R", "C", exchange(2002, 200, 90_000)),
                mirror("C", "R", 2002, 200, 90_000));
        List<PairMeasurement> end = List.of(mirror("C", "R", 2_001_802, 400, 2_090_000));
        SyncData data = new SyncData(SyncData.SCHEMA_VERSION, SyncAuthentication.SECRET,
                nodes(), List.of(
                phase(SyncPhase.START, 0, start), phase(SyncPhase.END, 1, end)), List.of());

        ClockTranslator translator = ClockTranslator.create(data, "R", TranslationMethod.MINRTT);

        // About the map R -> C would give (its half-widths in C ticks here, R's there, so up
        // to 0.01% apart): r_C = 0.9999, f_C(1_090_000) = 1_001_902 ± 300.
        double mirrored = 0.1;
        assertDuration(99.99, 600.0 * 100 / 2_000_000 + sameNode(0.9999, 100, 2_000_000)
                        + REFERENCE_READING, TranslationPath.SAME_NODE,
                translator.duration("C", 1_090_000, "C", 1_090_100), mirrored);
        assertDuration(0, 300 + C_TIMESTAMP + REFERENCE_READING,
                TranslationPath.REFERENCE_AND_OTHER,
                translator.duration("R", 1_001_902, "C", 1_090_000), mirrored);
    }

    private static ClockTranslator translator(TranslationMethod method, boolean withCtoB) {
        return ClockTranslator.create(data(withCtoB), "R", method);
    }

    /** The fixture; without the pairs {@code dropFromEnd} (from, to, ...) in the end phase. */
    private static SyncData data(boolean withCtoB, String... dropFromEnd) {
        List<PairMeasurement> start = new ArrayList<>(List.of(
                pair("R", "B", exchange(1005, 500, 5000)),
                pair("R", "C", exchange(2002, 200, 90_000)),
                pair("B", "C", exchange(10_050, 1, 91_000))));
        List<PairMeasurement> end = new ArrayList<>(List.of(
                pair("R", "B", exchange(1_001_105, 1000, 1_005_000)),
                pair("R", "C", exchange(2_001_802, 400, 2_090_000)),
                pair("B", "C", exchange(2_010_050, 1, 2_091_000))));
        if (withCtoB) {
            start.add(pair("C", "B", exchange(90_950, 1, 10_000)));
            end.add(pair("C", "B", exchange(2_090_950, 1, 2_010_000)));
        }
        for (int i = 0; i + 1 < dropFromEnd.length; i += 2) {
            String from = dropFromEnd[i];
            String to = dropFromEnd[i + 1];
            end.removeIf(p -> p.from().equals(from) && p.to().equals(to));
        }
        return new SyncData(SyncData.SCHEMA_VERSION, SyncAuthentication.SECRET, nodes(),
                List.of(phase(SyncPhase.START, 0, start), phase(SyncPhase.END, 1, end)),
                List.of());
    }

    /** {@code data} with the pair (from, to) measured by {@code start} and {@code end}. */
    private static SyncData replacePair(SyncData data, String from, String to,
            SyncExchange start, SyncExchange end) {
        List<SyncPhase> phases = new ArrayList<>();
        for (SyncPhase phase : data.phases()) {
            SyncExchange min = phase.name().equals(SyncPhase.START) ? start : end;
            phases.add(phase(phase.name(), phase.index(), phase.pairs().stream()
                    .map(p -> p.from().equals(from) && p.to().equals(to) ? pair(from, to, min) : p)
                    .toList()));
        }
        return new SyncData(data.schemaVersion(), data.authentication(), data.nodes(), phases,
                data.transferModels());
    }

    private static List<SyncNode> nodes() {
        return List.of(new SyncNode("R", "r.example", 2_000_000_000L),
                new SyncNode("B", "b.example", 1_000_000_000L),
                new SyncNode("C", "c.example", 1_000_000_000L));
    }

    private static SyncPhase phase(String name, int index, PairMeasurement pair) {
        return phase(name, index, List.of(pair));
    }

    private static SyncPhase phase(String name, int index, List<PairMeasurement> pairs) {
        return new SyncPhase(name, index, 0, pairs);
    }

    /**
     * The exchange {@code from} initiated that mirrors {@link #exchange}'s of {@code to} with
     * {@code from}: sent at {@code responderTicks − halfRtt}, answered at {@code midpoint}.
     */
    private static PairMeasurement mirror(String from, String to, long midpoint, long halfRtt,
            long responderTicks) {
        return pair(from, to, new SyncExchange(responderTicks - halfRtt, midpoint,
                responderTicks + halfRtt));
    }

    private static PairMeasurement pair(String from, String to, SyncExchange min) {
        return new PairMeasurement(from, to, 1, 0, min, List.of());
    }

    /** The exchange with midpoint ĉ = {@code midpoint} and half-width δ = {@code halfRtt}. */
    private static SyncExchange exchange(long midpoint, long halfRtt, long responderTicks) {
        return new SyncExchange(midpoint - halfRtt, responderTicks, midpoint + halfRtt);
    }

    private static void assertDuration(double ticks, double bound, TranslationPath path,
            TranslatedDuration actual) {
        assertDuration(ticks, bound, path, actual, EXACT);
    }

    private static void assertDuration(double ticks, double bound, TranslationPath path,
            TranslatedDuration actual, double tolerance) {
        assertEquals(path, actual.path(), actual::toString);
        assertEquals(ticks, actual.durationTicks(), tolerance, actual::toString);
        assertEquals(bound, actual.boundTicks(), tolerance, actual::toString);
    }
}
