package org.cloudprofiler.bench.flink;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.cloudprofiler.bench.ingestion.MeasuredRun;
import org.cloudprofiler.bench.ingestion.RunRules;
import org.cloudprofiler.bench.ingestion.ScheduleLag;
import org.cloudprofiler.bench.ingestion.SourceReport;

/**
 * The ceiling: Flink's {@link DataGeneratorSource} handing out one preallocated value on {@link
 * CeilingGenerator}'s schedule → the counting sink. Its schedule is a clock, which is never late
 * and drops nothing; where the source itself falls behind, the records it owes are a backlog,
 * like the tuples in a JOF queue or a Kafka topic, and are judged the same way: by the drain
 * after the schedule's end. The source's own emission lag is reported, not judged.
 */
// Closing waits for Flink and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
final class CeilingPipeline extends FlinkIngestionPipeline {
    // Deploying a job and its first record take a few seconds on a busy machine.
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final ScheduleLag CLOCK = new ScheduleLag(0, 0, 0);

    private final int valueBytes;

    /** @param name {@code ceiling}, or what runs beside it */
    CeilingPipeline(String name, SharedMiniCluster cluster, RunRules rules, int valueBytes) {
        super(name, cluster, rules);
        this.valueBytes = valueBytes;
    }

    @Override
    protected MeasuredRun measure(long targetTuplesPerSecond, Duration duration)
            throws Exception {
        long count = Math.multiplyExact(targetTuplesPerSecond, duration.toNanos())
                / 1_000_000_000L;
        String runId = cluster.newRunId(name());
        // No rate limiter: the generator keeps the schedule itself, without a future per record.
        DataGeneratorSource<byte[]> source = new DataGeneratorSource<>(
                new CeilingGenerator(runId, targetTuplesPerSecond, count, valueBytes), count,
                RateLimiterStrategy.noOp(), PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO);
        try (SharedMiniCluster.Run run = cluster.submit(runId, source)) {
            long deadlineNs = System.nanoTime() + START_TIMEOUT.toNanos() + duration.toNanos()
                    + drainWait().toNanos();
            List<SourceReport> reports;
            while ((reports = run.tally().sourceReports()).isEmpty()) {
                if (System.nanoTime() > deadlineNs) {
                    throw new IllegalStateException(runId + ": the source had not handed out"
                            + " its " + count + " records " + START_TIMEOUT.toSeconds()
                            + " s after the run's duration");
                }
                Thread.sleep(10);
            }
            SourceReport report = reports.get(0);
            long scheduleEndNs = report.startNs() + duration.toNanos();
            long drainNs = awaitDrain(run.tally(), report.emitted(), scheduleEndNs);
            // The clock's rate: what the schedule handed out over its duration.
            double achieved = report.emitted() * 1e9 / duration.toNanos();
            String details = String.format(Locale.ROOT, "source emission lag p99 %.2f ms, max"
                    + " %.2f ms, in the last second %.2f ms (a backlog, judged by the drain)",
                    report.lag().p99Ns() / 1e6, report.lag().maxNs() / 1e6,
                    report.lag().atEndNs() / 1e6);
            return measured(run.tally(), targetTuplesPerSecond, achieved, report.emitted(), 0,
                    CLOCK, drainNs, 0, details);
        }
    }
}
