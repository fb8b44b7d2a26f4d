package org.cloudprofiler.analyzer.clock;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.cloudprofiler.sync.SyncAuthentication;
import org.cloudprofiler.sync.translate.ClockTranslator;
import org.cloudprofiler.sync.translate.DriftBeyondModel;
import org.cloudprofiler.sync.translate.TranslatedDuration;
import org.cloudprofiler.sync.translate.UnsynchronizedNodesException;

/**
 * The translator over sync.json: every duration is {@link ClockTranslator}'s, by its tightest
 * path, with exactly its bound. Node pairs the sync data cannot relate (a node missing from it,
 * or a pair without start and end measurements on any path, or whose measurements contradict each
 * other) give unbounded durations, and are listed with the reason. So do durations that need a
 * span of a clock where the sync data show drift beyond the model ({@link #driftNotes()}).
 */
public final class SyncedClockTranslator implements DurationTranslator {

    private final ClockTranslator translator;
    private final SyncAuthentication authentication;
    private final Map<String, NodeClock> clocks;
    private final Map<String, String> unsynchronized = new HashMap<>();
    private final Set<String> unsynchronizedNodes = new TreeSet<>();

    /**
     * @param authentication whether the sync data's datagrams were authenticated, as sync.json
     *     recorded it
     * @param clocks every node that wrote logs, for the pairs the sync data does not cover
     */
    public SyncedClockTranslator(ClockTranslator translator, SyncAuthentication authentication,
            Map<String, NodeClock> clocks) {
        this.translator = translator;
        this.authentication = authentication;
        this.clocks = Map.copyOf(clocks);
        for (String node : clocks.keySet()) {
            String reason = probe(node, node);
            if (reason != null) {
                // Not even its own durations scale to R: it lacks sync with the reference.
                unsynchronizedNodes.add(node);
                unsynchronized.put(pairKey(node, translator.referenceNode()), reason);
            }
        }
        for (String a : clocks.keySet()) {
            for (String b : clocks.keySet()) {
                if (a.compareTo(b) < 0) {
                    String reason = probe(a, b);
                    if (reason != null) {
                        unsynchronized.putIfAbsent(pairKey(a, b), reason);
                    }
                }
            }
        }
    }

    /** Why durations from {@code a} to {@code b} cannot be translated, or null if they can. */
    private String probe(String a, String b) {
        try {
            translator.duration(a, 0, b, 0);
            return null;
        } catch (UnsynchronizedNodesException | IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private static String pairKey(String a, String b) {
        return a.compareTo(b) < 0 ? a + " <-> " + b : b + " <-> " + a;
    }

    @Override
    public String referenceNode() {
        return translator.referenceNode();
    }

    @Override
    public BoundedDuration duration(String startNode, long startTicks, String endNode,
            long endTicks) {
        if (!unsynchronized.isEmpty() && isUnsynchronized(startNode, endNode)) {
            return BoundedDuration.unbounded();
        }
        TranslatedDuration translated =
                translator.duration(startNode, startTicks, endNode, endTicks);
        if (Double.isInfinite(translated.boundTicks())) {
            return BoundedDuration.beyondDriftModel();
        }
        return new BoundedDuration(translator.ticksToNs(translated.durationTicks()),
                translator.ticksToNs(translated.boundTicks()), translated.path().name());
    }

    private boolean isUnsynchronized(String a, String b) {
        return a.equals(b) ? unsynchronizedNodes.contains(a)
                : unsynchronized.containsKey(pairKey(a, b));
    }

    @Override
    public double secondsBetween(String originNode, long originTicks, String node, long ticks) {
        BoundedDuration duration = duration(originNode, originTicks, node, ticks);
        if (duration.bounded()) {
            return duration.durationNs() / 1e9;
        }
        NodeClock origin = clocks.get(originNode);
        NodeClock clock = clocks.get(node);
        return origin == null || clock == null ? Double.NaN
                : (clock.realtimeNs(ticks) - origin.realtimeNs(originTicks)) / 1e9;
    }

    @Override
    public Set<String> unsynchronizedPairs() {
        return new TreeSet<>(unsynchronized.keySet());
    }

    /**
     * One line per span of a node pair where the sync data show drift beyond the model: the
     * nodes, the span, and the fix.
     */
    public List<String> driftNotes() {
        return translator.driftBeyondModel().stream().map(DriftBeyondModel::describe).toList();
    }

    /** Whether the sync data's datagrams were authenticated, as sync.json recorded it. */
    public SyncAuthentication authentication() {
        return authentication;
    }

    /** Why each unsynchronized pair is so, keyed as {@link #unsynchronizedPairs()}. */
    public Map<String, String> reasons() {
        return Map.copyOf(unsynchronized);
    }
}
