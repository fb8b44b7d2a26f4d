package org.cloudprofiler.sync.translate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cloudprofiler.sync.SyncData;
import org.cloudprofiler.sync.SyncNode;

/**
 * Brings timestamps and durations of every node onto the clock of one reference node R, each with
 * a strict bound, by the table of docs/design.md, "Clock sync and the CP translation". Of the
 * paths the sync data allows, it always takes the one with the smallest bound. Immutable and
 * thread-safe.
 *
 * <p>A node that sync.json did not relate to R directly is related through other nodes (R ← B ←
 * C, see {@link ComposedClockMap}) where their measurements allow.
 *
 * <p>Where sync.json lacks a measurement that every path needs, the translator throws an
 * {@link UnsynchronizedNodesException} naming the node pairs and what is missing: it never
 * returns a number without its bound.
 *
 * <p>The MINRTT bounds are the design's formulas exactly. One of them, the pair path's
 * {@code r_B·δ_BC}, leaves out a second-order term, {@code δ_BC} times the half-width of
 * {@code r_B}: about a thousandth of a tick with 50 µs bounds over an hour's run at 2 GHz, but
 * more for short runs with slow exchanges. HULL includes it.
 *
 * <p>Clock readings are whole ticks: each lies up to one tick below the instant's exact clock
 * value. The design's formulas treat readings as exact, so every bound here adds what whole
 * ticks can cost, which is what makes it hold against ground truth (SyncGroundTruthITCase):
 * <ul>
 *   <li>a timestamp translated by a map: one tick of slack in the exchanges' readings, weighted
 *       by {@link ClockMap#exchangeWeight} (1 inside the sync window, more outside it), plus its
 *       own reading's tick, {@code rate} reference ticks;
 *   <li>a duration between two readings of one node: its tick ({@code rate}), plus the slack the
 *       exchanges' whole ticks give the rate, {@code (1 + rate)·|d| / span};
 *   <li>one reference tick wherever the result stands for a reference reading nobody took (the
 *       truth is the reference clock's reading, itself whole ticks).
 * </ul>
 * Two readings of the reference clock differ by exactly the ticks it counted: R-to-R keeps 0.
 *
 * <p>Drift (docs/design.md, "Drift between phases"): every node's rate relative to R may vary by
 * a fraction {@code ρ} within a segment between phases, so a map to or from R is built with
 * {@code ρ} and a map between two other nodes with {@code 2ρ} (each of their rates moves against
 * R's). Spans where the data show more are unbounded and listed by {@link #driftBeyondModel()}.
 */
public final class ClockTranslator {
    /** The whole tick of a reference reading that a translated result stands for. */
    private static final double REFERENCE_READING_TICKS = 1;

    private final String referenceNode;
    private final long referenceTscHz;
    private final TranslationMethod method;
    private final Map<String, ClockMap> maps = new HashMap<>();
    private final Map<String, String> missingMaps = new HashMap<>();
    private final Set<String> nodeIds;
    private final double rateVariation;

    private ClockTranslator(SyncData data, String referenceNode, TranslationMethod method,
            double rateVariation) {
        if (!(rateVariation >= 0)) {
            throw new IllegalArgumentException("the drift allowance must be at least 0 ppm, not "
                    + rateVariation * 1e6 + " ppm");
        }
        this.referenceNode = referenceNode;
        this.method = method;
        this.rateVariation = rateVariation;
        Map<String, SyncNode> nodes = new LinkedHashMap<>();
        for (SyncNode node : data.nodes()) {
            nodes.put(node.id(), node);
        }
        SyncNode reference = nodes.get(referenceNode);
        if (reference == null) {
            throw new IllegalArgumentException("the reference node \"" + referenceNode
                    + "\" is not in the sync data; its nodes are " + nodes.keySet()
                    + ". Fix: choose one of them as the reference");
        }
        this.referenceTscHz = reference.tscHz();
        this.nodeIds = Set.copyOf(nodes.keySet());
        for (String target : nodes.keySet()) {
            for (String source : nodes.keySet()) {
                if (!target.equals(source)) {
                    try {
                        boolean withReference = target.equals(referenceNode)
                                || source.equals(referenceNode);
                        maps.put(key(target, source), ClockMapFactory.create(data, method,
                                target, source, withReference ? rateVariation
                                        : 2 * rateVariation));
                    } catch (UnsynchronizedNodesException e) {
                        missingMaps.put(key(target, source), e.getMessage());
                    } catch (InconsistentSyncException e) {
                        // Bounds from contradictory data would not hold: the pair is left
                        // unsynchronized, and the rest of the data still serves.
                        missingMaps.put(key(target, source), e.getMessage() + ". The pair is"
                                + " treated as unsynchronized");
                    }
                }
            }
        }
        chainMissingReferenceMaps(nodes.keySet().stream().sorted().toList());
    }

    /**
     * Gives every node that sync.json did not relate to R directly a map through other nodes, R
     * ← Y ← X, where Y's map to R exists (itself possibly a chain) and Y was measured with X:
     * then X's durations keep a bounded number. Of several such Y, the one whose chain knows
     * the rate most tightly.
     */
    private void chainMissingReferenceMaps(List<String> sortedNodes) {
        boolean chained = true;
        while (chained) {
            chained = false;
            for (String node : sortedNodes) {
                if (node.equals(referenceNode) || maps.containsKey(key(referenceNode, node))) {
                    continue;
                }
                ClockMap best = null;
                for (String via : sortedNodes) {
                    ClockMap toReference = maps.get(key(referenceNode, via));
                    ClockMap toVia = maps.get(key(via, node));
                    if (via.equals(referenceNode) || toReference == null || toVia == null) {
                        continue;
                    }
                    ClockMap chain = new ComposedClockMap(toReference, toVia);
                    if (best == null || chain.rateHalfWidth(0) < best.rateHalfWidth(0)) {
                        best = chain;
                    }
                }
                if (best != null) {
                    maps.put(key(referenceNode, node), best);
                    chained = true;
                }
            }
        }
    }

    /**
     * A translator onto {@code referenceNode}'s clock, with a clock map for every ordered pair of
     * nodes that sync.json measured.
     *
     * <p>A pair whose measurements admit no linear clock map ({@link InconsistentSyncException})
     * has no map: the durations that need it throw {@link UnsynchronizedNodesException} with
     * the reason, as for a pair sync.json did not measure.
     *
     * @throws IllegalArgumentException if the reference node is not in the data
     */
    public static ClockTranslator create(SyncData data, String referenceNode,
            TranslationMethod method) {
        return new ClockTranslator(data, referenceNode, method, 0);
    }

    /**
     * As {@link #create(SyncData, String, TranslationMethod)}, for clocks whose rates relative
     * to the reference vary by up to {@code rateVariation} within a segment between phases.
     *
     * @param rateVariation {@code ρ}, a fraction of the rate (1e-6 for 1 ppm), at least 0
     * @throws IllegalArgumentException if the reference node is not in the data, or
     *     {@code rateVariation} is negative
     */
    public static ClockTranslator create(SyncData data, String referenceNode,
            TranslationMethod method, double rateVariation) {
        return new ClockTranslator(data, referenceNode, method, rateVariation);
    }

    public String referenceNode() {
        return referenceNode;
    }

    public TranslationMethod method() {
        return method;
    }

    /** {@code ρ}: how much every rate relative to R may vary within a segment, a fraction. */
    public double rateVariation() {
        return rateVariation;
    }

    /**
     * Every span of every node pair where the measurements show drift beyond the model: the
     * durations that need those spans are unbounded. Each once, ordered by pair and time.
     */
    public List<DriftBeyondModel> driftBeyondModel() {
        Set<DriftBeyondModel> found = new LinkedHashSet<>();
        maps.keySet().stream().sorted()
                .forEach(pair -> found.addAll(maps.get(pair).driftBeyondModel()));
        return List.copyOf(found);
    }

    /** Reference ticks in nanoseconds, at the reference node's clock frequency. */
    public double ticksToNs(double referenceTicks) {
        return referenceTicks * 1e9 / referenceTscHz;
    }

    /**
     * A timestamp of {@code node} on the reference clock.
     *
     * @throws UnsynchronizedNodesException if sync.json did not measure node against R
     */
    public TranslatedTimestamp toReference(String node, long ticks) {
        requireKnown(node);
        if (node.equals(referenceNode)) {
            return new TranslatedTimestamp(ticks, 0);
        }
        ClockMap map = maps.get(key(referenceNode, node));
        if (map == null) {
            throw unsynchronized(node, node, List.of(key(referenceNode, node)));
        }
        TranslatedTimestamp translated = map.translate(ticks);
        // Half a tick more: the value is rounded, the map's bound is around the exact estimate.
        return new TranslatedTimestamp(translated.valueTicks(), translated.boundTicks()
                + timestampAllowance(map, ticks) + REFERENCE_READING_TICKS + 0.5);
    }

    /**
     * The time from {@code startTicks} on {@code startNode} to {@code endTicks} on
     * {@code endNode}, on the reference clock, by the path with the smallest bound.
     *
     * @throws UnsynchronizedNodesException if sync.json lacks a measurement every path needs
     */
    public TranslatedDuration duration(String startNode, long startTicks, String endNode,
            long endTicks) {
        requireKnown(startNode);
        requireKnown(endNode);
        boolean startOnReference = startNode.equals(referenceNode);
        boolean endOnReference = endNode.equals(referenceNode);
        if (startOnReference && endOnReference) {
            return new TranslatedDuration(endTicks - startTicks, 0,
                    TranslationPath.SAME_NODE_REFERENCE);
        }
        List<TranslatedDuration> candidates = new ArrayList<>();
        if (startNode.equals(endNode)) {
            ClockMap map = maps.get(key(referenceNode, startNode));
            if (map != null) {
                ScaledDuration scaled = map.scale(startTicks, endTicks - startTicks);
                candidates.add(new TranslatedDuration(scaled.valueTicks(), scaled.boundTicks()
                        + durationAllowance(map, startTicks, endTicks - startTicks)
                        + REFERENCE_READING_TICKS, TranslationPath.SAME_NODE));
            }
        } else if (startOnReference || endOnReference) {
            String other = startOnReference ? endNode : startNode;
            ClockMap map = maps.get(key(referenceNode, other));
            if (map != null) {
                long otherTicks = startOnReference ? endTicks : startTicks;
                double bound = map.boundTicks(otherTicks) + timestampAllowance(map, otherTicks)
                        + REFERENCE_READING_TICKS;
                candidates.add(startOnReference
                        ? new TranslatedDuration(map.ticksSince(startTicks, endTicks), bound,
                                TranslationPath.REFERENCE_AND_OTHER)
                        : new TranslatedDuration(-map.ticksSince(endTicks, startTicks), bound,
                                TranslationPath.REFERENCE_AND_OTHER));
            }
        } else {
            addPairDirect(candidates, startNode, startTicks, endNode, endTicks, false);
            addPairDirect(candidates, endNode, endTicks, startNode, startTicks, true);
            addBaseline(candidates, startNode, startTicks, endNode, endTicks);
        }
        TranslatedDuration best = null;
        for (TranslatedDuration candidate : candidates) {
            // A span without a bound (drift beyond the model) gives an infinite bound, or NaN
            // where it multiplies a bound of 0: either is no bound, and never the best.
            if (Double.isNaN(candidate.boundTicks())) {
                candidate = new TranslatedDuration(candidate.durationTicks(),
                        Double.POSITIVE_INFINITY, candidate.path());
            }
            if (best == null || candidate.boundTicks() < best.boundTicks()) {
                best = candidate;
            }
        }
        if (best == null) {
            throw unsynchronized(startNode, endNode, List.of(key(referenceNode, startNode),
                    key(referenceNode, endNode), key(startNode, endNode),
                    key(endNode, startNode)));
        }
        return best;
    }

    /**
     * Translates the other timestamp onto {@code hostNode} through the pair's own sync, then
     * scales the duration to R: {@code r_B·(f_BC(c_v) − c_u)}, bound
     * {@code r_B·δ_BC(c_v) + (δ_j + δ_m)_B·d^B/(c_m^B − c_j^B)} (for HULL, {@code r_B} plus its
     * half-width in the first term).
     *
     * @param reversed true if the host's timestamp is the duration's end, not its start
     */
    private void addPairDirect(List<TranslatedDuration> candidates, String hostNode,
            long hostTicks, String otherNode, long otherTicks, boolean reversed) {
        ClockMap pairMap = maps.get(key(hostNode, otherNode));
        ClockMap hostMap = maps.get(key(referenceNode, hostNode));
        if (pairMap == null || hostMap == null) {
            return;
        }
        double hostDuration = pairMap.ticksSince(hostTicks, otherTicks);
        ScaledDuration scaled = hostMap.scale(hostTicks, hostDuration);
        long translatedTicks = hostTicks + (long) hostDuration;
        // MINRTT keeps the design's r_B·δ_BC exactly. The true factor may exceed r_B by the rate's
        // half-width, a second-order term that the hull, whose bounds are exact, includes.
        double rate = hostMap.rate(translatedTicks) + (method == TranslationMethod.HULL
                ? hostMap.rateHalfWidth(translatedTicks) : 0);
        double translationBound = rate * pairMap.boundTicks(otherTicks);
        // Whole ticks: the other timestamp's translation onto the host, the host's reading and
        // the host's rate, and the reference reading the result stands for.
        double wholeTicks = rate * timestampAllowance(pairMap, otherTicks)
                + durationAllowance(hostMap, hostTicks, hostDuration) + REFERENCE_READING_TICKS;
        candidates.add(new TranslatedDuration(reversed ? -scaled.valueTicks()
                : scaled.valueTicks(), translationBound + scaled.boundTicks() + wholeTicks,
                TranslationPath.PAIR_DIRECT));
    }

    /** {@code f_C(c_v) − f_B(c_u)}, bound {@code δ_B(c_u) + δ_C(c_v)} (plus whole ticks). */
    private void addBaseline(List<TranslatedDuration> candidates, String startNode,
            long startTicks, String endNode, long endTicks) {
        ClockMap startMap = maps.get(key(referenceNode, startNode));
        ClockMap endMap = maps.get(key(referenceNode, endNode));
        if (startMap == null || endMap == null) {
            return;
        }
        // Both relative to one reference tick near the start: absolute values would be rounded.
        long origin = startMap.translateTicks(startTicks);
        candidates.add(new TranslatedDuration(
                endMap.ticksSince(origin, endTicks) - startMap.ticksSince(origin, startTicks),
                startMap.boundTicks(startTicks) + endMap.boundTicks(endTicks)
                        + timestampAllowance(startMap, startTicks)
                        + timestampAllowance(endMap, endTicks) + REFERENCE_READING_TICKS,
                TranslationPath.BASELINE));
    }

    /**
     * What whole ticks can add to a timestamp translated by {@code map}, target ticks: a tick of
     * slack in the exchanges' readings, weighted by where the timestamp lies, and its own tick.
     */
    private static double timestampAllowance(ClockMap map, long sourceTicks) {
        return map.exchangeWeight(sourceTicks) + map.rate(sourceTicks);
    }

    /**
     * What whole ticks can add to a duration of {@code durationSourceTicks} between two readings
     * of the map's source node: one of its ticks, and the rate's slack over the duration.
     */
    private static double durationAllowance(ClockMap map, long fromSourceTicks,
            double durationSourceTicks) {
        double rate = map.rate(fromSourceTicks);
        return rate + (1 + rate) * Math.abs(durationSourceTicks)
                / map.exchangeSpanSourceTicks(fromSourceTicks);
    }

    private void requireKnown(String node) {
        if (!nodeIds.contains(node)) {
            throw new IllegalArgumentException("the node \"" + node + "\" is not in the sync"
                    + " data; its nodes are " + nodeIds.stream().sorted().toList()
                    + ". Logs and sync.json must come from the same run");
        }
    }

    private UnsynchronizedNodesException unsynchronized(String startNode, String endNode,
            List<String> neededMaps) {
        String durations = startNode.equals(endNode) ? "of durations on " + startNode
                : "from " + startNode + " and " + endNode;
        StringBuilder message = new StringBuilder("no clock translation ").append(durations)
                .append(" to the reference ").append(referenceNode).append(" is possible with ")
                .append(method).append(" sync data:");
        Set<String> reasons = new LinkedHashSet<>();
        for (String needed : neededMaps) {
            if (missingMaps.containsKey(needed)) {
                reasons.add(missingMaps.get(needed));
            }
        }
        for (String reason : reasons) {
            message.append("\n  ").append(reason);
        }
        return new UnsynchronizedNodesException(message.toString());
    }

    private static String key(String target, String source) {
        return target + "\n" + source;
    }
}
