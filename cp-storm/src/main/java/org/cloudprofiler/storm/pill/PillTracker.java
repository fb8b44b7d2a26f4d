package org.cloudprofiler.storm.pill;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.task.TopologyContext;

/**
 * Which upstream tasks a bolt task has its pill from. The pill is complete once every upstream
 * task has sent one: everything they sent before it has then been executed, because Storm keeps
 * the order of tuples between two tasks. Confined to the task's executor thread.
 */
public final class PillTracker {

    /** What one received pill meant. */
    public enum Arrival {
        /** Not the last one missing. */
        WAITING,
        /** The last one missing: the run has ended for this task. Reported once. */
        COMPLETE,
        /** From a task that sent one already, or that is not upstream: ignored. */
        DUPLICATE
    }

    private final Set<Integer> expected;
    private final Set<Integer> received = new HashSet<>();

    PillTracker(Set<Integer> expected) {
        this.expected = Set.copyOf(expected);
    }

    /** The tracker of the task {@code context} describes: every task of its pill sources. */
    public static PillTracker of(TopologyContext context) {
        Set<Integer> upstream = new HashSet<>();
        for (Map.Entry<GlobalStreamId, Grouping> source : context.getThisSources().entrySet()) {
            if (PillStream.ID.equals(source.getKey().get_streamId())) {
                upstream.addAll(context.getComponentTasks(source.getKey().get_componentId()));
            }
        }
        return new PillTracker(upstream);
    }

    /** Notes a pill from {@code sourceTask}. */
    public Arrival receive(int sourceTask) {
        if (!expected.contains(sourceTask) || !received.add(sourceTask)) {
            return Arrival.DUPLICATE;
        }
        return received.size() == expected.size() ? Arrival.COMPLETE : Arrival.WAITING;
    }

    /** Number of upstream tasks that must each send a pill. */
    public int expectedPills() {
        return expected.size();
    }
}
