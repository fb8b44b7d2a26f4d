package org.cloudprofiler.bench.flink;

import java.time.Duration;
import java.util.Locale;

import org.cloudprofiler.bench.ingestion.FreePorts;
import org.cloudprofiler.bench.ingestion.JofTuning;
import org.cloudprofiler.bench.ingestion.MeasuredRun;
import org.cloudprofiler.bench.ingestion.RunRules;
import org.cloudprofiler.bench.ingestion.ScheduleLag;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.Payload;

/**
 * The native generator (raw 100-byte tuples) → {@link JofSource} (unbounded, values as {@code
 * byte[]}) → the counting sink. The schedule lag is the generator's; its drops are the
 * generator's (sends that would block); the JOF's own (full queues, under {@code DROP} only)
 * show as ingested &lt; emitted.
 */
// Closing waits for Flink and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
final class JofPipeline extends FlinkIngestionPipeline {
    private final JofTuning tuning;

    JofPipeline(SharedMiniCluster cluster, RunRules rules, JofTuning tuning) {
        super("jof-raw", cluster, rules);
        this.tuning = tuning;
    }

    @Override
    protected MeasuredRun measure(long targetTuplesPerSecond, Duration duration)
            throws Exception {
        int receivers = tuning.receiversPerTask();
        JofSource<byte[]> source = JofSource.<byte[]>builder()
                .setBasePort(FreePorts.block(receivers))
                .setReceivers(receivers)
                .setPayload(Payload.raw())
                .setValueOnlyDeserializer(byte[].class)
                .setQueueCapacity(tuning.queueCapacity())
                .setWhenQueueFull(tuning.whenQueueFull())
                .setReceiveHighWaterMark(tuning.receiveHighWaterMark())
                .build();
        String runId = cluster.newRunId(name());
        try (SharedMiniCluster.Run run = cluster.submit(runId, source)) {
            GeneratorResult result;
            long scheduleEndNs;
            // The reader binds its receivers once the job runs; the generator waits for them.
            try (Generator generator = tuning.generator(source.endpoints(),
                    targetTuplesPerSecond).duration(duration)
                    .payload(Payload.raw(Generator.DEFAULT_RAW_PAYLOAD_BYTES)).build()) {
                generator.start();
                // start() returns once every receiver answered and the senders are off.
                long startNs = System.nanoTime();
                result = generator.awaitEnd();
                scheduleEndNs = startNs + result.elapsedNs();
            }
            long drainNs = awaitDrain(run.tally(), result.sentTuples(), scheduleEndNs);
            String details = String.format(Locale.ROOT, "generator dropped %,d",
                    result.droppedTuples());
            if (!result.clean()) {
                details += "; generator: " + String.join("; ", result.problems());
            }
            return measured(run.tally(), targetTuplesPerSecond, result.achievedTuplesPerSecond(),
                    result.sentTuples(), result.droppedTuples(),
                    ScheduleLag.ofGenerator(result.seconds()), drainNs, 0, details);
        }
    }
}
