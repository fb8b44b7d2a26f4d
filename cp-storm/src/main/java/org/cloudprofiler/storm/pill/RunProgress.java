package org.cloudprofiler.storm.pill;

import java.util.Set;

/**
 * How far the end of a run has spread through a topology's tasks in this JVM.
 *
 * @param stormId the Storm id of the run (a resubmitted topology starts a new one)
 * @param tasks every task of the topology's components
 * @param ended the tasks that have their pill (spouts: have sent it)
 * @param repeatedEnds times a task reported its pill again; 0 unless something is wrong
 */
public record RunProgress(String stormId, Set<Integer> tasks, Set<Integer> ended,
        int repeatedEnds) {

    public RunProgress {
        tasks = Set.copyOf(tasks);
        ended = Set.copyOf(ended);
    }

    /** Whether every task has its pill. */
    public boolean complete() {
        return ended.containsAll(tasks);
    }
}
