package org.cloudprofiler.flink.profile;

import java.io.Serializable;
import java.util.Map;
import org.cloudprofiler.topology.TopologyDescription;

/**
 * What the client decided for one operator of a profiled job, shipped with it to every subtask.
 * Immutable.
 *
 * @param componentId the operator's id in {@code topology.json} and its channels' names
 * @param inputsCarryIds per input (0 for the only or first input), whether records arrive with
 *     their tuple ids: false where an exchange could not carry them (see
 *     {@link StreamGraphProfiler})
 * @param settings the job's {@code cloudprofiler.*} configuration, parsed on each subtask
 * @param topology the job as {@code topology.json} describes it, without the places its subtasks
 *     run (each subtask adds its own)
 */
record OperatorProfile(String componentId, boolean[] inputsCarryIds, Map<String, String> settings,
        TopologyDescription topology) implements Serializable {

    boolean inputCarriesIds(int input) {
        return input < inputsCarryIds.length && inputsCarryIds[input];
    }

    /** The operator's {@code mintOrigin} in {@code topology.json}: subtask 0's origin. */
    int mintOrigin() {
        for (TopologyDescription.Component component : topology.components()) {
            if (component.id().equals(componentId)) {
                return component.mintOrigin();
            }
        }
        throw new IllegalStateException(componentId + " is not in its job's topology");
    }
}
