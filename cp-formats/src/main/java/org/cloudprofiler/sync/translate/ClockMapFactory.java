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
 */
public final class ClockMapFactory {

    private ClockMapFactory() {}

    /**
     * The map from {@code sourceNode}'s ticks to {@code targetNode}'s.
     *
     * <p>With {@link TranslationMethod#MINRTT}, a pair whose target-initiated exchanges lack the
     * start or the end phase while the source-initiated ones have both is mapped from those: the
     * mirror of the design's map, bounded exactly over the maps both min exchanges allow (a
     * {@link HullClockMap} of the two), since a missing direction must not cost durations a
     * bounded path.
     *
     * @throws UnsynchronizedNodesException if the start or the end phase did not measure the pair
     * @throws InconsistentSyncException if the measurements contradict a linear clock map
     */
    public static ClockMap create(SyncData data, TranslationMethod method, String targetNode,
            String sourceNode) {
        if (method == TranslationMethod.HULL) {
            return create(data, Exchanges.ALL, targetNode, sourceNode);
        }
        try {
            return create(data, Exchanges.TARGET_MIN, targetNode, sourceNode);
        } catch (UnsynchronizedNodesException forwardMissing) {
            try {
                return create(data, Exchanges.SOURCE_MIN, targetNode, sourceNode);
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
            String sourceNode) {
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
        List<ClockMap> segments = new ArrayList<>();
        long[] boundaries = new long[measured.size() - 2];
        for (int i = 0; i + 1 < measured.size(); i++) {
            PhaseExchanges from = measured.get(i);
            PhaseExchanges to = measured.get(i + 1);
            try {
                segments.add(switch (used) {
                    case TARGET_MIN -> new MinRttClockMap(from.forwardMin(), to.forwardMin());
                    case SOURCE_MIN -> new HullClockMap(List.of(),
                            List.of(from.reverseMin(), to.reverseMin()));
                    case ALL -> new HullClockMap(concat(from.forward(), to.forward()),
                            concat(from.reverse(), to.reverse()));
                });
            } catch (InconsistentSyncException e) {
                throw new InconsistentSyncException(pair + ", phases " + from.phase().index()
                        + " (" + from.phase().name() + ") to " + to.phase().index() + " ("
                        + to.phase().name() + "): " + e.getMessage());
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
        try {
            return new PiecewiseClockMap(segments, boundaries);
        } catch (IllegalArgumentException e) {
            throw new InconsistentSyncException(pair + ": the phases are not in the order of "
                    + sourceNode + "'s clock (" + e.getMessage() + "); its TSC is not invariant");
        }
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
