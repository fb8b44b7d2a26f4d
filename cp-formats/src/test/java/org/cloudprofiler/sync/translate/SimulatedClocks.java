package org.cloudprofiler.sync.translate;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.cloudprofiler.sync.PairMeasurement;
import org.cloudprofiler.sync.SyncAuthentication;
import org.cloudprofiler.sync.SyncData;
import org.cloudprofiler.sync.SyncExchange;
import org.cloudprofiler.sync.SyncNode;
import org.cloudprofiler.sync.SyncPhase;

/**
 * Nodes whose clocks are known functions of a true time t, {@code ticks = offset + rate·t} read by
 * flooring, optionally with changes of rate (steps and ramps, {@link #changeRate}), and the
 * exchanges they would record with given one-way delays: the ground truth that translations are
 * checked against, exact in BigDecimal.
 */
final class SimulatedClocks {

    private static final MathContext PRECISION = new MathContext(60);

    /** The clock of one node: {@code ticks = offsetTicks + rate·t}, before any rate change. */
    record Clock(BigDecimal offsetTicks, BigDecimal rate) {}

    /**
     * A change of a clock's rate by {@code change} (a fraction of the nominal rate), linear from
     * true time {@code from} to {@code to}; a step where they are equal.
     */
    private record RateChange(BigDecimal from, BigDecimal to, BigDecimal change) {

        /** Ticks the change has added by true time t: the integral of the added rate. */
        BigDecimal ticksAddedBy(BigDecimal t) {
            if (t.compareTo(from) <= 0) {
                return BigDecimal.ZERO;
            }
            BigDecimal ramp = to.subtract(from);
            if (t.compareTo(to) >= 0) {
                return change.multiply(ramp.divide(BigDecimal.valueOf(2))
                        .add(t.subtract(to)));
            }
            BigDecimal since = t.subtract(from);
            return change.multiply(since).multiply(since)
                    .divide(ramp.add(ramp), PRECISION);
        }
    }

    private final Map<String, Clock> clocks = new LinkedHashMap<>();
    private final Map<String, List<RateChange>> rateChanges = new LinkedHashMap<>();

    SimulatedClocks add(String node, long offsetTicks, double skewPpm) {
        clocks.put(node, new Clock(BigDecimal.valueOf(offsetTicks),
                BigDecimal.ONE.add(new BigDecimal(skewPpm).movePointLeft(6))));
        return this;
    }

    /**
     * Changes {@code node}'s rate by {@code changePpm} of its nominal rate, linearly from true
     * time {@code from} to {@code to} (a step if they are equal). Such a clock can no longer be
     * inverted: {@link #translate} refuses it, and the truth is read at true times.
     */
    SimulatedClocks changeRate(String node, long from, long to, double changePpm) {
        BigDecimal change = new BigDecimal(changePpm).movePointLeft(6)
                .multiply(clocks.get(node).rate());
        rateChanges.computeIfAbsent(node, key -> new ArrayList<>()).add(new RateChange(
                BigDecimal.valueOf(from), BigDecimal.valueOf(to), change));
        return this;
    }

    /** The reading of {@code node}'s clock at true time {@code t}. */
    long ticksAt(String node, long t) {
        return value(node, BigDecimal.valueOf(t)).setScale(0, RoundingMode.FLOOR)
                .longValueExact();
    }

    /**
     * An exchange sent by {@code from} at true time {@code t}, received by {@code to}
     * {@code forwardDelay} later and answered with a reply that takes {@code backDelay}.
     * {@code forwardDelay} ≥ 2 keeps the exact instant of the responder's tick after the send.
     */
    SyncExchange exchange(String from, String to, long t, long forwardDelay, long backDelay) {
        long s = ticksAt(from, t);
        long b = ticksAt(to, t + forwardDelay);
        long r = value(from, BigDecimal.valueOf(t + forwardDelay + backDelay))
                .setScale(0, RoundingMode.CEILING).longValueExact();
        return new SyncExchange(s, b, r);
    }

    /** The exact value on {@code target}'s clock at the instant {@code source} read its ticks. */
    BigDecimal translate(String target, String source, long sourceTicks) {
        if (rateChanges.containsKey(source)) {
            throw new IllegalStateException(source + "'s rate changes: its readings are not"
                    + " inverted; read the truth at true times");
        }
        Clock clock = clocks.get(source);
        BigDecimal t = BigDecimal.valueOf(sourceTicks).subtract(clock.offsetTicks())
                .divide(clock.rate(), PRECISION);
        return value(target, t);
    }

    /**
     * {@code count} exchanges of {@code from} with {@code to}, one per million true ticks from
     * {@code t}, with one-way delays drawn independently from [2, maxDelay].
     */
    PairMeasurement measure(String from, String to, long t, int count, long maxDelay,
            Random random) {
        return measure(from, to, t, count, 0, maxDelay, random);
    }

    /** As above, every one-way delay {@code extraDelay} longer (a node too loaded to answer). */
    private PairMeasurement measure(String from, String to, long t, int count, long extraDelay,
            long maxDelay, Random random) {
        List<SyncExchange> all = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            all.add(exchange(from, to, t + i * 1_000_000L, extraDelay + delay(maxDelay, random),
                    extraDelay + delay(maxDelay, random)));
        }
        SyncExchange min = all.stream().min(Comparator.comparingLong(SyncExchange::rttTicks))
                .orElseThrow();
        return new PairMeasurement(from, to, count, 0, min, all);
    }

    /**
     * Sync data of every ordered pair of nodes, {@code count} exchanges each, in phases that
     * begin at the given true times (the first named start, the last end, the others mid).
     */
    SyncData syncData(long tscHz, long[] phaseTimes, int count, long maxDelay, Random random) {
        return syncData(tscHz, phaseTimes, new long[phaseTimes.length], count, maxDelay, random);
    }

    /** As above, each phase's one-way delays longer by its {@code extraDelays} entry. */
    SyncData syncData(long tscHz, long[] phaseTimes, long[] extraDelays, int count,
            long maxDelay, Random random) {
        List<SyncNode> nodes = new ArrayList<>();
        for (String node : clocks.keySet()) {
            nodes.add(new SyncNode(node, node + ".example", tscHz));
        }
        List<SyncPhase> phases = new ArrayList<>();
        for (int i = 0; i < phaseTimes.length; i++) {
            List<PairMeasurement> pairs = new ArrayList<>();
            for (String from : clocks.keySet()) {
                for (String to : clocks.keySet()) {
                    if (!from.equals(to)) {
                        pairs.add(measure(from, to, phaseTimes[i], count, extraDelays[i],
                                maxDelay, random));
                    }
                }
            }
            String name = i == 0 ? SyncPhase.START
                    : i == phaseTimes.length - 1 ? SyncPhase.END : SyncPhase.MID;
            phases.add(new SyncPhase(name, i, 0, pairs));
        }
        return new SyncData(SyncData.SCHEMA_VERSION, SyncAuthentication.SECRET, nodes, phases,
                List.of());
    }

    private BigDecimal value(String node, BigDecimal t) {
        Clock clock = clocks.get(node);
        BigDecimal ticks = clock.offsetTicks().add(clock.rate().multiply(t));
        for (RateChange change : rateChanges.getOrDefault(node, List.of())) {
            ticks = ticks.add(change.ticksAddedBy(t));
        }
        return ticks;
    }

    private static long delay(long maxDelay, Random random) {
        return 2 + (long) (random.nextDouble() * (maxDelay - 1));
    }
}
