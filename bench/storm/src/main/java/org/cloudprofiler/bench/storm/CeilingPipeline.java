package org.cloudprofiler.bench.storm;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import org.cloudprofiler.bench.ingestion.MeasuredRun;
import org.cloudprofiler.bench.ingestion.RunRules;
import org.cloudprofiler.bench.ingestion.ScheduleLag;
import org.cloudprofiler.bench.ingestion.SourceReport;

/**
 * The ceiling: {@link CeilingSpout} → null bolt, each spout task taking an equal share of the
 * rate. Its schedule is a clock, which is never late and drops nothing; where the spout itself
 * falls behind, the tuples it owes are a backlog, like the tuples in a JOF queue or a Kafka
 * topic, and are judged the same way: by the drain after the schedule's end. The spout's own
 * emission lag is reported, not judged.
 */
// Closing waits for Storm or Kafka and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
final class CeilingPipeline extends StormIngestionPipeline {
    // Submitting, scheduling and activating a topology takes a few seconds on a busy machine.
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final ScheduleLag CLOCK = new ScheduleLag(0, 0, 0);

    private final int maxTuplesPerCall;
    private final int valueBytes;
    private final boolean freshTuples;

    /**
     * @param name {@code ceiling}, or how this ceiling differs
     * @param freshTuples whether the spout makes each tuple as it emits it ({@link CeilingSpout})
     */
    CeilingPipeline(String name, SharedLocalCluster cluster, RunRules rules,
            int maxTuplesPerCall, int valueBytes, boolean freshTuples) {
        super(name, cluster, rules);
        this.maxTuplesPerCall = maxTuplesPerCall;
        this.valueBytes = valueBytes;
        this.freshTuples = freshTuples;
    }

    @Override
    protected MeasuredRun measure(long targetTuplesPerSecond, Duration duration)
            throws Exception {
        int tasks = cluster.shape().spoutTasks();
        long taskTuplesPerSecond = Math.max(1, targetTuplesPerSecond / tasks);
        String runId = cluster.newRunId(name());
        // A spout later than the drain wait fails the run anyway; it need not go on.
        try (SharedLocalCluster.Run run = cluster.submit(runId, new CeilingSpout(runId,
                taskTuplesPerSecond, duration.toNanos(), drainWait().toNanos(), maxTuplesPerCall,
                valueBytes, freshTuples))) {
            long deadlineNs = System.nanoTime() + START_TIMEOUT.toNanos() + duration.toNanos()
                    + drainWait().toNanos();
            List<SourceReport> reports;
            while ((reports = run.tally().sourceReports()).size() < tasks) {
                if (System.nanoTime() > deadlineNs) {
                    throw new IllegalStateException(runId + ": " + reports.size() + " of "
                            + tasks + " spout tasks finished their schedule within "
                            + START_TIMEOUT.toSeconds() + " s after the run's duration");
                }
                Thread.sleep(10);
            }
            SourceReport source = SourceReport.combine(reports);
            long scheduleEndNs = source.startNs() + duration.toNanos();
            long drainNs = awaitDrain(run.tally(), source.emitted(), scheduleEndNs);
            // The clock's rate: what the schedule handed out over its duration.
            double achieved = source.emitted() * 1e9 / duration.toNanos();
            String details = String.format(Locale.ROOT, "spout emission lag p99 %.2f ms, max"
                    + " %.2f ms, in the last second %.2f ms (a backlog, judged by the drain)",
                    source.lag().p99Ns() / 1e6, source.lag().maxNs() / 1e6,
                    source.lag().atEndNs() / 1e6);
            return measured(run.tally(), targetTuplesPerSecond, achieved, source.emitted(), 0,
                    CLOCK, drainNs, 0, details);
        }
    }
}
