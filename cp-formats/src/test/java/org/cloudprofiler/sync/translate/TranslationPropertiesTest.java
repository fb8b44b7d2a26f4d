package org.cloudprofiler.sync.translate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.cloudprofiler.sync.PairMeasurement;
import org.cloudprofiler.sync.SyncData;
import org.cloudprofiler.sync.SyncExchange;
import org.cloudprofiler.sync.SyncPhase;

/**
 * Properties of the clock maps over random clocks: skew ±200 ppm, offsets up to 2^50, TSC values
 * up to 2^62, runs of 1 s to 10 h at 5 GHz, asymmetric one-way delays up to 200,000 ticks.
 */
class TranslationPropertiesTest {

    private static final long MAX_BASE = (1L << 62) - (1L << 52);
    private static final long MAX_OFFSET = 1L << 50;
    private static final long MIN_RUN = 2_000_000_000L;
    private static final long MAX_RUN = 180_000_000_000_000L;
    private static final MathContext PRECISION = new MathContext(40);
    /** The reference and two other nodes. */
    private static final String[] NODES = {"R", "B", "C"};
    /** Floating-point slack of a translation, in ticks: far below the 1-tick contract. */
    private static final double ROUNDING = 1e-3;

    @Property(tries = 500)
    void hullOfTwoExchangesEqualsMinRtt(@ForAll("pairs") PairScenario pair) {
        SyncExchange[] min = pair.minExchanges();
        MinRttClockMap minRtt = new MinRttClockMap(min[0], min[1]);
        HullClockMap hull = new HullClockMap(List.of(min), List.of());
        long x = pair.sourceTicks();
        assertTrue(Math.abs(hull.translateTicks(x) - minRtt.translateTicks(x)) <= 1);
        assertEquals(minRtt.boundTicks(x), hull.boundTicks(x), ROUNDING);
        assertEquals(minRtt.rate(x), hull.rate(x), 1e-15);
        assertEquals(minRtt.rateHalfWidth(x), hull.rateHalfWidth(x), 1e-15);
    }

    /**
     * Under drift the hull of the two min exchanges widens neither constraint (the term is 0 at
     * the span's ends) and adds the same term as MINRTT wherever it translates.
     */
    @Property(tries = 300)
    void hullOfTwoExchangesEqualsMinRttUnderDrift(@ForAll("pairs") PairScenario pair,
            @ForAll @DoubleRange(min = 0, max = 100) double driftPpm, @ForAll("where") double to) {
        SyncExchange[] min = pair.minExchanges();
        MinRttClockMap minRtt = new MinRttClockMap(min[0], min[1], driftPpm * 1e-6);
        HullClockMap hull = new HullClockMap(List.of(min), List.of(), driftPpm * 1e-6);
        long x = pair.sourceTicks();
        assertTrue(Math.abs(hull.translateTicks(x) - minRtt.translateTicks(x)) <= 1);
        assertEquals(minRtt.boundTicks(x), hull.boundTicks(x), ROUNDING);
        double duration = (to - (double) (x - min[0].b()) / pair.runTicks()) * pair.runTicks();
        assertEquals(minRtt.scale(x, duration).boundTicks(), hull.scale(x, duration).boundTicks(),
                ROUNDING);
    }

    @Property(tries = 300)
    void hullIsNeverLooserThanMinRtt(@ForAll("pairs") PairScenario pair,
            @ForAll @IntRange(min = 1, max = 20) int count) {
        Exchanges[] phases = pair.phases(count);
        MinRttClockMap minRtt = new MinRttClockMap(phases[0].forwardMin(),
                phases[1].forwardMin());
        HullClockMap hull = phases[0].hullWith(phases[1]);
        long x = pair.sourceTicks();
        assertTrue(hull.boundTicks(x) <= minRtt.boundTicks(x) + ROUNDING,
                () -> hull.boundTicks(x) + " > " + minRtt.boundTicks(x));
        // Rates are tick differences over spans of ticks: their rounding, over the whole run,
        // is what ROUNDING allows a translation.
        assertTrue(hull.rateHalfWidth(x) <= minRtt.rateHalfWidth(x) + ROUNDING / pair.runTicks(),
                () -> hull.rateHalfWidth(x) + " > " + minRtt.rateHalfWidth(x));
    }

    @Property(tries = 1000)
    void minRttAgreesWithTheExactReference(@ForAll("pairs") PairScenario pair) {
        SyncExchange[] min = pair.minExchanges();
        MinRttClockMap fast = new MinRttClockMap(min[0], min[1]);
        ReferenceTranslation exact = new ReferenceTranslation(min[0], min[1]);
        long x = pair.sourceTicks();
        long translated = fast.translateTicks(x);
        assertTrue(Math.abs(translated - exact.translateTicks(x)) <= 1,
                () -> translated + " vs " + exact.translateTicks(x));
        double estimate = fast.ticksSince(translated, x);
        double exactEstimate = exact.estimate(x, PRECISION)
                .subtract(BigDecimal.valueOf(translated)).doubleValue();
        assertEquals(exactEstimate, estimate, ROUNDING);
        assertEquals(exact.boundTicks(x, PRECISION).doubleValue(), fast.boundTicks(x),
                ROUNDING);
    }

    @Property(tries = 300)
    void hullAgreesWithBruteForce(@ForAll("pairs") PairScenario pair,
            @ForAll @IntRange(min = 1, max = 3) int count) {
        Exchanges[] phases = pair.phases(count);
        HullClockMap hull = phases[0].hullWith(phases[1]);
        long x = pair.sourceTicks();
        BigDecimal[] range = new HullReference(phases[0].forwardWith(phases[1]),
                phases[0].reverseWith(phases[1])).range(x);
        BigDecimal mid = range[0].add(range[1]).divide(BigDecimal.valueOf(2));
        long exactValue = mid.setScale(0, RoundingMode.HALF_UP).longValueExact();
        assertTrue(Math.abs(hull.translateTicks(x) - exactValue) <= 1,
                () -> hull.translateTicks(x) + " vs " + mid);
        double halfWidth = range[1].subtract(range[0]).doubleValue() / 2;
        assertEquals(halfWidth, hull.boundTicks(x), ROUNDING);
    }

    @Property(tries = 300)
    void trueValueLiesWithinTheBound(@ForAll TranslationMethod method,
            @ForAll("base") long base, @ForAll("offset") long offset,
            @ForAll("skew") double targetSkewPpm, @ForAll("skew") double sourceSkewPpm,
            @ForAll("run") long runTicks, @ForAll("delay") long maxDelay,
            @ForAll @IntRange(min = 1, max = 10) int count,
            @ForAll @IntRange(min = 2, max = 4) int phaseCount, @ForAll("where") double where,
            @ForAll long seed) {
        SimulatedClocks clocks = new SimulatedClocks().add("a", base, targetSkewPpm)
                .add("b", base + offset, sourceSkewPpm);
        SyncData data = clocks.syncData(5_000_000_000L, phaseTimes(runTicks, phaseCount),
                count, maxDelay, new Random(seed));
        ClockMap map = ClockMapFactory.create(data, method, "a", "b");
        long x = clocks.ticksAt("b", (long) (where * runTicks));
        long translated = map.translateTicks(x);
        double error = clocks.translate("a", "b", x).subtract(BigDecimal.valueOf(translated))
                .doubleValue() - map.ticksSince(translated, x);
        assertTrue(Math.abs(error) <= map.boundTicks(x) + ROUNDING,
                () -> "off by " + error + ", bound " + map.boundTicks(x));
    }

    @Property(tries = 200)
    void translatedDurationsHoldTheTruth(@ForAll TranslationMethod method,
            @ForAll("base") long base, @ForAll("offset") long offsetB,
            @ForAll("offset") long offsetC, @ForAll("skew") double skewR,
            @ForAll("skew") double skewB, @ForAll("skew") double skewC,
            @ForAll("run") long runTicks, @ForAll("delay") long maxDelay,
            @ForAll @IntRange(min = 1, max = 5) int count,
            @ForAll @IntRange(min = 0, max = 2) int startNode,
            @ForAll @IntRange(min = 0, max = 2) int endNode, @ForAll("where") double startAt,
            @ForAll("where") double endAt, @ForAll long seed) {
        SimulatedClocks clocks = threeNodes(base, offsetB, offsetC, skewR, skewB, skewC);
        SyncData data = clocks.syncData(5_000_000_000L, phaseTimes(runTicks, 2), count,
                maxDelay, new Random(seed));
        ClockTranslator translator = ClockTranslator.create(data, "R", method);
        assertHoldsTheTruth(translator, clocks, method, maxDelay, runTicks, NODES[startNode],
                clocks.ticksAt(NODES[startNode], (long) (startAt * runTicks)), NODES[endNode],
                clocks.ticksAt(NODES[endNode], (long) (endAt * runTicks)));
    }

    /**
     * MINRTT uses the exchanges one node initiated: where sync.json lacks the end phase of that
     * direction, the other direction's serve (the mirror of the design's map); where it lacks
     * the end phase of a pair in both directions, a node's map to R goes through the third node.
     * Either way no duration between any two of the three nodes loses its number, and each still
     * holds the truth.
     */
    @Property(tries = 300)
    void durationsKeepTheirNumbersWithoutAnEndPhaseMeasurement(
            @ForAll TranslationMethod method, @ForAll("base") long base,
            @ForAll("offset") long offsetB, @ForAll("offset") long offsetC,
            @ForAll("skew") double skewR, @ForAll("skew") double skewB,
            @ForAll("skew") double skewC, @ForAll("run") long runTicks,
            @ForAll("delay") long maxDelay, @ForAll @IntRange(min = 1, max = 5) int count,
            @ForAll @IntRange(min = 0, max = 5) int droppedPair, @ForAll boolean bothDirections,
            @ForAll("where") double at, @ForAll long seed) {
        SimulatedClocks clocks = threeNodes(base, offsetB, offsetC, skewR, skewB, skewC);
        SyncData all = clocks.syncData(5_000_000_000L, phaseTimes(runTicks, 2), count,
                maxDelay, new Random(seed));
        SyncPhase end = all.phases().get(1);
        PairMeasurement dropped = end.pairs().get(droppedPair);
        List<PairMeasurement> kept = end.pairs().stream()
                .filter(pair -> !(pair.from().equals(dropped.from())
                        && pair.to().equals(dropped.to()) || bothDirections
                        && pair.from().equals(dropped.to()) && pair.to().equals(dropped.from())))
                .toList();
        SyncData data = new SyncData(all.schemaVersion(), all.authentication(), all.nodes(),
                List.of(
                all.phases().get(0), new SyncPhase(end.name(), end.index(),
                        end.startedRealtimeNs(), kept)), all.transferModels());
        ClockTranslator translator = ClockTranslator.create(data, "R", method);
        for (String start : NODES) {
            for (String finish : NODES) {
                long startTicks = clocks.ticksAt(start, (long) (at * runTicks));
                long endTicks = clocks.ticksAt(finish, (long) (at * runTicks) + 1_000_000);
                assertHoldsTheTruth(translator, clocks, method, maxDelay, runTicks, start,
                        startTicks, finish, endTicks);
            }
        }
    }

    /** R at {@code base}, B and C offset from it; each skewed by its ppm. */
    private static SimulatedClocks threeNodes(long base, long offsetB, long offsetC,
            double skewR, double skewB, double skewC) {
        return new SimulatedClocks().add("R", base, skewR).add("B", base + offsetB, skewB)
                .add("C", base + offsetC, skewC);
    }

    private static void assertHoldsTheTruth(ClockTranslator translator, SimulatedClocks clocks,
            TranslationMethod method, long maxDelay, long runTicks, String start,
            long startTicks, String end, long endTicks) {
        TranslatedDuration duration = translator.duration(start, startTicks, end, endTicks);
        double truth = clocks.translate("R", end, endTicks)
                .subtract(clocks.translate("R", start, startTicks)).doubleValue();
        // The design's MinRTT pair bound r_B·δ_BC (docs/design.md) leaves out δ_BC times the
        // rate's half-width, at most 4·maxDelay/runTicks of the bound here.
        double omitted = method == TranslationMethod.MINRTT
                && duration.path() == TranslationPath.PAIR_DIRECT
                ? duration.boundTicks() * 4.0 * maxDelay / runTicks : 0;
        double error = truth - duration.durationTicks();
        assertTrue(Math.abs(error) <= duration.boundTicks() + omitted
                        + ROUNDING + 1e-15 * Math.abs(truth),
                () -> start + " to " + end + ": " + duration + " is off by " + error);
    }

    /** Source b skewed and offset against target a, with a timestamp of b to translate. */
    @Provide
    Arbitrary<PairScenario> pairs() {
        return Combinators.combine(base(), offset(), skew(), run(), delay(), where(),
                Arbitraries.longs()).as(PairScenario::new);
    }

    @Provide
    Arbitrary<Long> base() {
        return Arbitraries.longs().between(MAX_OFFSET, MAX_BASE);
    }

    @Provide
    Arbitrary<Long> offset() {
        return Arbitraries.longs().between(-MAX_OFFSET, MAX_OFFSET);
    }

    @Provide
    Arbitrary<Double> skew() {
        return Arbitraries.doubles().between(-200, 200);
    }

    @Provide
    Arbitrary<Long> run() {
        return Arbitraries.longs().between(MIN_RUN, MAX_RUN);
    }

    @Provide
    Arbitrary<Long> delay() {
        return Arbitraries.longs().between(2, 200_000);
    }

    /** Where in the run a timestamp is taken: 0 at the start phase, 1 at the end phase. */
    @Provide
    Arbitrary<Double> where() {
        return Arbitraries.doubles().between(-0.25, 1.25);
    }

    private static long[] phaseTimes(long runTicks, int phaseCount) {
        long[] times = new long[phaseCount];
        for (int i = 0; i < phaseCount; i++) {
            times[i] = runTicks / (phaseCount - 1) * i;
        }
        return times;
    }

    /**
     * Target a at {@code base}, source b {@code offset} ticks and {@code skewPpm} away; phases at
     * the start and the end of the run; a timestamp of b at {@code where} in the run.
     * Exchanges come from a fresh {@code Random(seed)} each time, so shrinking sees the same.
     */
    record PairScenario(long base, long offset, double skewPpm, long runTicks, long maxDelay,
            double where, long seed) {

        SimulatedClocks clocks() {
            return new SimulatedClocks().add("a", base, 0).add("b", base + offset, skewPpm);
        }

        long sourceTicks() {
            return clocks().ticksAt("b", (long) (where * runTicks));
        }

        /** The min exchange a initiated of a start and an end phase of one exchange each. */
        SyncExchange[] minExchanges() {
            Random random = new Random(seed);
            SimulatedClocks clocks = clocks();
            return new SyncExchange[] {
                clocks.measure("a", "b", 0, 1, maxDelay, random).min(),
                clocks.measure("a", "b", runTicks, 1, maxDelay, random).min()};
        }

        /** A start and an end phase of {@code count} exchanges in each direction. */
        Exchanges[] phases(int count) {
            Random random = new Random(seed);
            SimulatedClocks clocks = clocks();
            return new Exchanges[] {Exchanges.measure(clocks, 0, count, maxDelay, random),
                Exchanges.measure(clocks, runTicks, count, maxDelay, random)};
        }
    }

    /** The exchanges of one phase between a and b, both directions. */
    private record Exchanges(List<SyncExchange> forward, List<SyncExchange> reverse,
            SyncExchange forwardMin) {

        static Exchanges measure(SimulatedClocks clocks, long t, int count, long maxDelay,
                Random random) {
            var forward = clocks.measure("a", "b", t, count, maxDelay, random);
            var reverse = clocks.measure("b", "a", t, count, maxDelay, random);
            return new Exchanges(forward.all(), reverse.all(), forward.min());
        }

        List<SyncExchange> forwardWith(Exchanges later) {
            List<SyncExchange> both = new ArrayList<>(forward);
            both.addAll(later.forward());
            return both;
        }

        List<SyncExchange> reverseWith(Exchanges later) {
            List<SyncExchange> both = new ArrayList<>(reverse);
            both.addAll(later.reverse());
            return both;
        }

        HullClockMap hullWith(Exchanges later) {
            return new HullClockMap(forwardWith(later), reverseWith(later));
        }
    }
}
