package org.cloudprofiler.bench.storm;

import java.time.Duration;
import java.util.List;

/**
 * The ceiling: {@link CeilingSpout} → null bolt, each spout task taking an equal share of the
 * rate. Its schedule lag is the spout's own; nothing upstream can drop.
 */
final class CeilingPipeline extends StormIngestionPipeline {
    // Submitting, scheduling and activating a topology takes a few seconds on a busy machine.
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final int maxTuplesPerCall;
    private final int valueBytes;

    CeilingPipeline(SharedLocalCluster cluster, Duration drainWait, int maxTuplesPerCall,
            int valueBytes) {
        super("ceiling", cluster, drainWait);
        this.maxTuplesPerCall = maxTuplesPerCall;
        this.valueBytes = valueBytes;
    }

    @Override
    protected MeasuredRun measure(long targetTuplesPerSecond, Duration duration)
            throws Exception {
        int tasks = cluster.shape().spoutTasks();
        long taskTuplesPerSecond = Math.max(1, targetTuplesPerSecond / tasks);
        String runId = cluster.newRunId(name());
        try (SharedLocalCluster.Run run = cluster.submit(runId, new CeilingSpout(runId,
                taskTuplesPerSecond, duration.toNanos(), maxTuplesPerCall, valueBytes))) {
            long deadlineNs = System.nanoTime() + START_TIMEOUT.toNanos() + duration.toNanos();
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
            long drainNs = awaitDrain(run.tally(), source.emitted(), source.endNs());
            return measured(run.tally(), targetTuplesPerSecond,
                    source.achievedPerSecond(taskTuplesPerSecond * tasks), source.emitted(), 0,
                    source.lag(), drainNs, 0, "");
        }
    }
}
