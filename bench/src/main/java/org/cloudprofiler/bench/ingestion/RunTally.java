package org.cloudprofiler.bench.ingestion;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the tasks of one run tell the driver, in the same JVM: a LocalCluster deserializes its
 * own copies of spouts and bolts, so they find their run's tally by name in this registry
 * rather than through a field. Thread-safe: bolts count from their executor threads while the
 * driver reads.
 */
public final class RunTally {
    private static final ConcurrentMap<String, RunTally> RUNS = new ConcurrentHashMap<>();

    private final LongAdder ingested = new LongAdder();
    private final List<SourceReport> sources = new CopyOnWriteArrayList<>();

    private RunTally() {}

    /**
     * A fresh tally for {@code runId}, for the driver to read.
     *
     * @throws IllegalStateException if that run is open already: run ids are unique
     */
    public static RunTally open(String runId) {
        RunTally tally = new RunTally();
        if (RUNS.putIfAbsent(runId, tally) != null) {
            throw new IllegalStateException("run " + runId + " is open already");
        }
        return tally;
    }

    /**
     * The tally of an open run, for its tasks.
     *
     * @throws IllegalStateException if the run is not open (a task outliving its run)
     */
    public static RunTally of(String runId) {
        RunTally tally = RUNS.get(runId);
        if (tally == null) {
            throw new IllegalStateException("run " + runId + " is not open");
        }
        return tally;
    }

    /** Forgets the run; its tasks must be gone. */
    public static void close(String runId) {
        RUNS.remove(runId);
    }

    /** One tuple reached the null bolt. */
    public void countIngested() {
        ingested.increment();
    }

    public long ingested() {
        return ingested.sum();
    }

    /**
     * Waits until the null bolt has counted {@code expected} tuples, checking every
     * millisecond, until {@code deadlineNs}.
     *
     * @return the {@link System#nanoTime()} at which it had them, or -1 if it had not by the
     *     deadline
     */
    public long awaitIngested(long expected, long deadlineNs) throws InterruptedException {
        for (;;) {
            long nowNs = System.nanoTime();
            if (ingested() >= expected) {
                return nowNs;
            }
            if (nowNs > deadlineNs) {
                return -1;
            }
            Thread.sleep(1);
        }
    }

    /** Each task of a spout that keeps its own schedule reports once, when it is done. */
    public void reportSource(SourceReport report) {
        sources.add(report);
    }

    /** The reports of the source tasks that are done so far. */
    public List<SourceReport> sourceReports() {
        return List.copyOf(sources);
    }
}
