package org.cloudprofiler.storm.pill;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Where the poison pills have got to, for runs whose tasks share this JVM (a LocalCluster, the
 * demo, tests): the code that submitted a topology can wait until every task has its pill, then
 * kill it. Tasks of other JVMs are invisible here. Thread-safe.
 */
public final class LocalRunMonitor {

    private static final ConcurrentMap<String, Run> RUNS = new ConcurrentHashMap<>();

    private LocalRunMonitor() {}

    /** A task of run {@code stormId} has started; {@code tasks} are all the topology's tasks. */
    public static void taskStarted(String topologyName, String stormId, Set<Integer> tasks) {
        Run run = RUNS.compute(topologyName, (name, current) ->
                current != null && current.stormId.equals(stormId)
                        ? current : new Run(stormId, tasks));
        synchronized (run) {
            run.notifyAll();
        }
    }

    /** The task has its pill (a spout: has sent it). */
    public static void taskEnded(String topologyName, String stormId, int taskId) {
        Run run = RUNS.get(topologyName);
        if (run == null || !run.stormId.equals(stormId)) {
            return;
        }
        synchronized (run) {
            if (!run.ended.add(taskId)) {
                run.repeatedEnds++;
            }
            run.notifyAll();
        }
    }

    /**
     * Waits until every task of the latest run of {@code topologyName} has its pill.
     *
     * @return whether that happened within {@code timeout}
     */
    public static boolean awaitRunEnd(String topologyName, Duration timeout)
            throws InterruptedException {
        long deadlineNs = System.nanoTime() + timeout.toNanos();
        while (true) {
            RunProgress progress = progress(topologyName);
            if (progress != null && progress.complete()) {
                return true;
            }
            long leftNs = deadlineNs - System.nanoTime();
            if (leftNs <= 0) {
                return false;
            }
            Run run = RUNS.get(topologyName);
            if (run == null) {
                Thread.sleep(Math.min(50, leftNs / 1_000_000 + 1));
            } else {
                synchronized (run) {
                    if (!run.ended.containsAll(run.tasks)) {
                        run.wait(Math.max(1, Math.min(200, leftNs / 1_000_000)));
                    }
                }
            }
        }
    }

    /** The latest run of {@code topologyName} in this JVM, or {@code null} if none started. */
    public static RunProgress progress(String topologyName) {
        Run run = RUNS.get(topologyName);
        if (run == null) {
            return null;
        }
        synchronized (run) {
            return new RunProgress(run.stormId, run.tasks, run.ended, run.repeatedEnds);
        }
    }

    /** One run's state; guarded by its own monitor. */
    private static final class Run {
        final String stormId;
        final Set<Integer> tasks;
        final Set<Integer> ended = new HashSet<>();
        int repeatedEnds;

        Run(String stormId, Set<Integer> tasks) {
            this.stormId = stormId;
            this.tasks = Set.copyOf(tasks);
        }
    }
}
