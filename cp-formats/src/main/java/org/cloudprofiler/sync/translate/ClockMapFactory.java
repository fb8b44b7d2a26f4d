package org.cloudprofiler.sync.translate;

import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.sync.PairMeasurement;
import org.cloudprofiler.sync.SyncData;
import org.cloudprofiler.sync.SyncExchange;
import org.cloudprofiler.sync.SyncPhase;

/**
 * Builds the {@link ClockMap} of one node pair from sync.json data: from the start phase to the
 * end phase, with one segment per pair of consecutive phases ({@link PiecewiseClockMap}) when
 * mid phases measured the pair too.
 *
 * <p>{@link TranslationMethod#MINRTT} uses the min exchange of each phase in which the target
 * initiated (or, where that direction lacks a phase, the source); {@link TranslationMethod#HULL}
 * every exchange of both directions (the {@code all} lists where kept, else the min exchanges).
 *
 * <p>Every segment's bounds include the drift the model allows ({@code ρ}, docs/design.md, "Drift
 * between phases"). A mid phase whose exchanges were too slow to help is left out, its
 * neighbours' segment allowing the drift of both. Where two consecutive segments' rates differ
 * by more than the model allows ({@code 2ρ}, the rate moving by {@code ρ} within each), both
 * segments are left unbounded and
 * the map reports it ({@link ClockMap#driftBeyondModel()}). With {@code ρ = 0}, the paper's
 * model, in which a rate may change at a phase and nowhere else, no such comparison is made.
 */
public final class ClockMapFactory {

    private ClockMapFactory() {}

    /**
     * The map from {@code sourceNode}'s ticks to {@code targetNode}'s, for clocks whose rates are
     * constant between phases ({@code ρ = 0}).
     *
     * @see #create(SyncData, TranslationMethod, String, String, double)
     */
    public static ClockMap create(SyncData data, TranslationMethod method, String targetNode,
            String sourceNode) {
        return create(data, method, targetNode, sourceNode, 0);
    }

    /**
     * The map from {@code sourceNode}'s ticks to {@code targetNode}'s.
     *
     * <p>With {@link TranslationMethod#MINRTT}, a pair whose target-initiated exchanges lack the
     * start or the end phase while the source-initiated ones have both is mapped from those: the
     * mirror of the design's map, bounded exactly over the maps both min exchanges allow (a
     * {@link HullClockMap} of the two), since a missing direction must not cost durations a
     * bounded path.
     *
     * @param rateVariation {@code ρ}: how much the source clock's rate relative to the target's
     *     may vary within a segment, a fraction of the rate (1e-6 for 1 ppm), at least 0
     * @throws UnsynchronizedNodesException if the start or the end phase did not measure the pair
     * @throws InconsistentSyncException if the measurements contradict a linear clock map
     */
    public static ClockMap create(SyncData data, TranslationMethod method, String targetNode,
            String sourceNode, double rateVariation) {
        if (method == TranslationMethod.HULL) {
            return create(data, Exchanges.ALL, targetNode, sourceNode, rateVariation);
        }
        try {
            return create(data, Exchanges.TARGET_MIN, targetNode, sourceNode, rateVariation);
        } catch (UnsynchronizedNodesException forwardMissing) {
            try {
                return create(data, Exchanges.SOURCE_MIN, targetNode, sourceNode,
                        rateVariation);
            } catch (UnsynchronizedNodesException reverseMissing) {
                throw forwardMissing;
            }
        }
    }

    /** Which exchanges of a phase a map rests on. */
    private enum Exchanges {
        /** MINRTT: the min exchange the target initiated. */
        TARGET_MIN,
        /** MINRTT's mirror: the min exchange the source initiated. */
        SOURCE_MIN,
        /** HULL: every exchange of both directions. */
        ALL
    }

    private static ClockMap create(SyncData data, Exchanges used, String targetNode,
            String sourceNode, double rateVariation) {
        String pair = targetNode + " <- " + sourceNode;
        List<PhaseExchanges> measured = new ArrayList<>();
        for (SyncPhase phase : data.phases()) {
            PhaseExchanges exchanges = PhaseExchanges.of(phase, targetNode, sourceNode);
            if (switch (used) {
                case TARGET_MIN -> exchanges.forwardMin() != null;
                case SOURCE_MIN -> exchanges.reverseMin() != null;
                case ALL -> exchanges.hasAny();
            }) {
                measured.add(exchanges);
            }
        }
        String measurements = switch (used) {
            case TARGET_MIN -> "measurement of " + targetNode + " -> " + sourceNode;
            case SOURCE_MIN -> "measurement of " + sourceNode + " -> " + targetNode;
            case ALL -> "measurement between " + targetNode + " and " + sourceNode;
        };
        requirePhase(measured.isEmpty() ? null : measured.get(0), SyncPhase.START, pair,
                measurements);
        requirePhase(measured.get(measured.size() - 1), SyncPhase.END, pair, measurements);
        int[] kept = knots(measured, used, rateVariation);
        List<PhaseExchanges> knots = new ArrayList<>();
        for (int index : kept) {
            knots.add(measured.get(index));
        }
        List<ClockMap> segments = new ArrayList<>();
        long[] boundaries = new long[knots.size() - 2];
        List<DriftBeyondModel> beyondModel = new ArrayList<>();
        // How many of the model's segments each of these spans: its rate may vary by that × ρ.
        int[] modelSegments = new int[knots.size() - 1];
        boolean[] unbounded = new boolean[knots.size() - 1];
        boolean[] infeasible = new boolean[knots.size() - 1];
        for (int i = 0; i + 1 < knots.size(); i++) {
            PhaseExchanges from = knots.get(i);
            PhaseExchanges to = knots.get(i + 1);
            modelSegments[i] = kept[i + 1] - kept[i];
            try {
                segments.add(segment(used, from, to, modelSegments[i] * rateVariation));
            } catch (InconsistentSyncException e) {
                ClockMap estimate = knots.size() > 2 ? minExchangesSegment(from, to) : null;
                if (estimate == null) {
                    throw new InconsistentSyncException(pair + ", phases "
                            + from.phase().index() + " (" + from.phase().name() + ") to "
                            + to.phase().index() + " (" + to.phase().name() + "): "
                            + e.getMessage());
                }
                // Other segments still serve: this one keeps an estimate but no bound.
                segments.add(estimate);
                unbounded[i] = true;
                infeasible[i] = true;
                beyondModel.add(driftBeyondModel(data, targetNode, sourceNode, knots, i,
                        i + 1, Double.NaN, modelSegments[i] * rateVariation * 1e6));
            } catch (IllegalArgumentException e) {
                throw new UnsynchronizedNodesException(pair + ": " + e.getMessage());
            }
            if (i > 0) {
                boundaries[i - 1] = from.sourceTicks();
            }
        }
        if (segments.size() == 1) {
            return segments.get(0);
        }
        for (int i = 0; i + 1 < segments.size(); i++) {
            if (rateVariation == 0 || infeasible[i] || infeasible[i + 1]) {
                // With ρ = 0, the paper's model, a rate may change at a phase; a segment
                // without a trusted rate says nothing about its neighbour.
                continue;
            }
            DriftBeyondModel change = rateChangeBeyondModel(data, targetNode, sourceNode,
                    knots, i, segments.get(i), segments.get(i + 1),
                    (modelSegments[i] + modelSegments[i + 1]) * rateVariation);
            if (change != null) {
                beyondModel.add(change);
                unbounded[i] = true;
                unbounded[i + 1] = true;
            }
        }
        for (int i = 0; i < segments.size(); i++) {
            if (unbounded[i]) {
                segments.set(i, new UnboundedClockMap(segments.get(i)));
            }
        }
        try {
            return new PiecewiseClockMap(segments, boundaries, beyondModel);
        } catch (IllegalArgumentException e) {
            throw new InconsistentSyncException(pair + ": the phases are not in the order of "
                    + sourceNode + "'s clock (" + e.getMessage() + "); its TSC is not invariant");
        }
    }

    /**
     * The indices in {@code measured} of the phases the map rests on: all of them, less the mid
     * phases whose exchanges were so slow (a node too loaded to answer at once) that the segment
     * over their neighbours bounds a tick at the phase tighter than the phase itself does, the
     * drift that longer segment allows included. A segment over m of the model's segments lets
     * the rate vary by {@code m·ρ}, since at a phase two segments share the rate belongs to both.
     * The slowest such phase is left out first, then the rest are weighed again. With
     * {@code ρ = 0} every phase stays: that model lets a rate change at any phase.
     */
    private static int[] knots(List<PhaseExchanges> measured, Exchanges used,
            double rateVariation) {
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            kept.add(i);
        }
        while (rateVariation > 0) {
            int slowest = -1;
            double largestGainTicks = 0;
            for (int k = 1; k + 1 < kept.size(); k++) {
                PhaseExchanges before = measured.get(kept.get(k - 1));
                PhaseExchanges after = measured.get(kept.get(k + 1));
                double span = after.sourceTicks() - before.sourceTicks();
                double since = measured.get(kept.get(k)).sourceTicks() - before.sourceTicks();
                double sigma = since / span;
                double withoutTicks = (1 - sigma) * before.halfRttTicks(used)
                        + sigma * after.halfRttTicks(used) + (kept.get(k + 1) - kept.get(k - 1))
                        * rateVariation * since * (span - since) / span;
                double gainTicks = measured.get(kept.get(k)).halfRttTicks(used) - withoutTicks;
                if (gainTicks > largestGainTicks) {
                    largestGainTicks = gainTicks;
                    slowest = k;
                }
            }
            if (slowest < 0) {
                break;
            }
            kept.remove(slowest);
        }
        return kept.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The map of one segment, from the exchanges of two consecutive phases. */
    private static ClockMap segment(Exchanges used, PhaseExchanges from, PhaseExchanges to,
            double rateVariation) {
        return switch (used) {
            case TARGET_MIN -> new MinRttClockMap(from.forwardMin(), to.forwardMin(),
                    rateVariation);
            case SOURCE_MIN -> new HullClockMap(List.of(),
                    List.of(from.reverseMin(), to.reverseMin()), rateVariation);
            case ALL -> new HullClockMap(concat(from.forward(), to.forward()),
                    concat(from.reverse(), to.reverse()), rateVariation);
        };
    }

    /**
     * An estimate for a segment whose exchanges fit no clock the model allows: the line through
     * one min exchange of each phase, which always exists; null if neither direction has both.
     */
    private static ClockMap minExchangesSegment(PhaseExchanges from, PhaseExchanges to) {
        try {
            if (from.forwardMin() != null && to.forwardMin() != null) {
                return new MinRttClockMap(from.forwardMin(), to.forwardMin());
            }
            if (from.reverseMin() != null && to.reverseMin() != null) {
                return new HullClockMap(List.of(), List.of(from.reverseMin(), to.reverseMin()));
            }
        } catch (InconsistentSyncException | IllegalArgumentException e) {
            // Not even two exchanges agree: the caller reports the segment's contradiction.
        }
        return null;
    }

    /**
     * The rate change between segments {@code i} and {@code i + 1} if it exceeds the model's
     * allowance, else null. Each segment's data hold its chord's slope within its rate's
     * half-width, plus the slack whole ticks give a rate over its span ({@code (1 + r)/T}); the
     * true rate at the phase they share lies within {@code ρ·r} of a one-segment chord's slope
     * ({@code m·ρ·r} of one spanning m of the model's segments), so that the two slopes differ
     * by at most {@code allowedVariation·r}, the sum of both.
     */
    private static DriftBeyondModel rateChangeBeyondModel(SyncData data, String targetNode,
            String sourceNode, List<PhaseExchanges> measured, int i, ClockMap earlier,
            ClockMap later, double allowedVariation) {
        long shared = measured.get(i + 1).sourceTicks();
        double earlierRate = earlier.rate(shared - 1);
        double laterRate = later.rate(shared);
        double proven = Math.abs(laterRate - earlierRate) - slopeSlack(earlier, shared - 1)
                - slopeSlack(later, shared);
        double rate = Math.max(earlierRate, laterRate);
        double allowed = allowedVariation * rate;
        if (!(proven > allowed)) {
            return null;
        }
        return driftBeyondModel(data, targetNode, sourceNode, measured, i, i + 2,
                proven / rate * 1e6, allowed / rate * 1e6);
    }

    /** The finding for the span from phase {@code first} to phase {@code last} of measured. */
    private static DriftBeyondModel driftBeyondModel(SyncData data, String targetNode,
            String sourceNode, List<PhaseExchanges> measured, int first, int last,
            double provenChangePpm, double allowedChangePpm) {
        long startTicks = measured.get(0).sourceTicks();
        double tscHz = data.nodes().stream().filter(node -> node.id().equals(sourceNode))
                .findFirst().orElseThrow().tscHz();
        return new DriftBeyondModel(targetNode, sourceNode, measured.get(first).phase().index(),
                measured.get(last).phase().index(),
                (measured.get(first).sourceTicks() - startTicks) / tscHz,
                (measured.get(last).sourceTicks() - startTicks) / tscHz, provenChangePpm,
                allowedChangePpm);
    }

    /** How far a segment's chord slope can lie from its rate estimate, target per source tick. */
    private static double slopeSlack(ClockMap segment, long sourceTicks) {
        return segment.rateHalfWidth(sourceTicks)
                + (1 + segment.rate(sourceTicks)) / segment.exchangeSpanSourceTicks(sourceTicks);
    }

    private static void requirePhase(PhaseExchanges measured, String phaseName, String pair,
            String measurements) {
        if (measured == null || !measured.phase().name().equals(phaseName)) {
            throw new UnsynchronizedNodesException(pair + ": sync.json has no " + phaseName
                    + "-phase " + measurements + ". Fix: keep the sync agents of both nodes"
                    + " running from before the run starts until after it ends");
        }
    }

    private static List<SyncExchange> concat(List<SyncExchange> first,
            List<SyncExchange> second) {
        List<SyncExchange> both = new ArrayList<>(first);
        both.addAll(second);
        return both;
    }

    /** The exchanges one phase holds for a pair, in both directions. */
    private record PhaseExchanges(SyncPhase phase, SyncExchange forwardMin,
            List<SyncExchange> forward, SyncExchange reverseMin, List<SyncExchange> reverse) {

        static PhaseExchanges of(SyncPhase phase, String target, String source) {
            PairMeasurement forward = find(phase, target, source);
            PairMeasurement reverse = find(phase, source, target);
            return new PhaseExchanges(phase, forward == null ? null : forward.min(),
                    exchanges(forward), reverse == null ? null : reverse.min(),
                    exchanges(reverse));
        }

        boolean hasAny() {
            return !forward.isEmpty() || !reverse.isEmpty();
        }

        /** Half the smallest round trip among the exchanges {@code used} rests on, in ticks. */
        double halfRttTicks(Exchanges used) {
            double forwardHalf = forwardMin == null ? Double.POSITIVE_INFINITY
                    : forwardMin.rttTicks() / 2.0;
            double reverseHalf = reverseMin == null ? Double.POSITIVE_INFINITY
                    : reverseMin.rttTicks() / 2.0;
            return switch (used) {
                case TARGET_MIN -> forwardHalf;
                case SOURCE_MIN -> reverseHalf;
                case ALL -> Math.min(forwardHalf, reverseHalf);
            };
        }

        /** When the phase ran, on the source clock. */
        long sourceTicks() {
            if (forwardMin != null) {
                return forwardMin.b();
            }
            return reverseMin.s() + reverseMin.rttTicks() / 2;
        }

        private static PairMeasurement find(SyncPhase phase, String from, String to) {
            for (PairMeasurement pair : phase.pairs()) {
                if (pair.from().equals(from) && pair.to().equals(to)) {
                    return pair;
                }
            }
            return null;
        }

        private static List<SyncExchange> exchanges(PairMeasurement pair) {
            if (pair == null || pair.min() == null) {
                return List.of();
            }
            return pair.all().isEmpty() ? List.of(pair.min()) : pair.all();
        }
    }
}
