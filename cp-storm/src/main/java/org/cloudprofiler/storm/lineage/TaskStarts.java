package org.cloudprofiler.storm.lineage;

import java.io.IOException;

/**
 * Counts the starts of a Storm task, whose count is the attempt that makes the epoch of the ids
 * it mints (docs/design.md, "Minted ids"): Storm restarts a failed task under the same task id,
 * on the same node or another, so without it a restarted task would mint its first ids again.
 * Called by the task's own thread when it starts.
 */
public interface TaskStarts {

    /**
     * Counts one more start of task {@code taskId} of {@code componentId} and returns this
     * start's attempt, which differs from every other start's of the task in the run for at
     * least the first 16 of them modulo 32 (the minter takes it modulo 32).
     *
     * @throws IOException if the count cannot be kept
     */
    long countStart(String componentId, int taskId) throws IOException;

}
