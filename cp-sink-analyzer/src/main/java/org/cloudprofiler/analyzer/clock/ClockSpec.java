package org.cloudprofiler.analyzer.clock;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import org.cloudprofiler.sync.DriftModel;
import org.cloudprofiler.sync.SyncData;
import org.cloudprofiler.sync.SyncFormatException;
import org.cloudprofiler.sync.SyncJson;
import org.cloudprofiler.sync.SyncNode;
import org.cloudprofiler.sync.translate.ClockTranslator;
import org.cloudprofiler.sync.translate.TranslationMethod;

/**
 * Everything needed to build the {@link DurationTranslator} wherever the job runs: the text of
 * sync.json (null without one), the reference node, the method, and the nodes' header clocks.
 * Immutable; the translator is rebuilt from it in each task.
 *
 * @param syncJson the contents of sync.json, or null
 * @param syncSource where it came from, for messages
 * @param referenceNode the reference node, or null to pick one
 * @param method how clock maps are estimated
 * @param driftPpm how much each clock's rate relative to the reference may vary within a
 *     segment between two sync phases, ppm
 * @param clocks the clock of every node that wrote logs
 */
public record ClockSpec(String syncJson, String syncSource, String referenceNode,
        TranslationMethod method, double driftPpm, Map<String, NodeClock> clocks)
        implements Serializable {

    private static final long serialVersionUID = 2L;

    public ClockSpec {
        clocks = new TreeMap<>(clocks);
    }

    /** A spec with the default drift allowance ({@link DriftModel#DEFAULT_DRIFT_PPM}). */
    public ClockSpec(String syncJson, String syncSource, String referenceNode,
            TranslationMethod method, Map<String, NodeClock> clocks) {
        this(syncJson, syncSource, referenceNode, method, DriftModel.DEFAULT_DRIFT_PPM, clocks);
    }

    /**
     * The translator.
     *
     * @throws SyncFormatException if sync.json is malformed
     * @throws IllegalArgumentException if the reference node is not in the sync data
     */
    public DurationTranslator create() throws SyncFormatException {
        if (syncJson == null) {
            if (referenceNode != null && !clocks.containsKey(referenceNode)) {
                throw new IllegalArgumentException("the reference node \"" + referenceNode
                        + "\" wrote no logs; the nodes are " + clocks.keySet()
                        + ". Fix: give --reference one of them, or leave it out");
            }
            return new SingleClockTranslator(referenceNode, clocks);
        }
        SyncData data = SyncJson.parse(syncJson, syncSource);
        return new SyncedClockTranslator(ClockTranslator.create(data, reference(data), method,
                driftPpm * 1e-6), data.authentication(), clocks);
    }

    /** The reference: as given, else the first node (by name) that both logs and sync know. */
    private String reference(SyncData data) {
        if (referenceNode != null) {
            return referenceNode;
        }
        return data.nodes().stream().map(SyncNode::id).filter(clocks::containsKey).sorted()
                .findFirst().orElse(data.nodes().isEmpty() ? "" : data.nodes().get(0).id());
    }
}
