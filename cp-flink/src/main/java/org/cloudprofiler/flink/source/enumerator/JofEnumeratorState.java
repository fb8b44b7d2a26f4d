package org.cloudprofiler.flink.source.enumerator;

import java.util.List;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;

/**
 * What the enumerator checkpoints: the receiver splits no reader has been given yet. Assigned
 * splits are in their readers' state. Immutable.
 */
public record JofEnumeratorState(List<JofReceiverSplit> unassigned) {

    public JofEnumeratorState {
        unassigned = List.copyOf(unassigned);
    }
}
