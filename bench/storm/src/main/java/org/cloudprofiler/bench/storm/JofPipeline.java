package org.cloudprofiler.bench.storm;

import java.time.Duration;
import java.util.Locale;

import org.cloudprofiler.bench.ingestion.FreePorts;
import org.cloudprofiler.bench.ingestion.JofTuning;
import org.cloudprofiler.bench.ingestion.MeasuredRun;
import org.cloudprofiler.bench.ingestion.RunRules;
import org.cloudprofiler.bench.ingestion.ScheduleLag;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.storm.jof.JofSpout;
import org.cloudprofiler.storm.jof.JofSpoutConfig;

/**
 * The native generator → {@link JofSpout} → null bolt. The schedule lag is the generator's;
 * drops are the generator's (sends that would block) plus the JOF's (full queues), the latter
 * read from the spout's {@code cloudprofiler.jof.*} gauges through {@link JofGaugeReporter}.
 */
// Closing waits for Storm or Kafka and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
final class JofPipeline extends StormIngestionPipeline {
    // The spouts bind their receivers when the topology is up; the generator waits for them.

    /** What the generator sends. */
    enum PayloadKind {
        /** 100 pseudo-random bytes, emitted as {@code byte[]}: what the paper compared. */
        RAW,
        /** The built-in YSB ad events, deserialized with Kryo into {@code AdEvent}s. */
        YSB
    }

    private final PayloadKind payload;
    private final JofTuning tuning;

    JofPipeline(SharedLocalCluster cluster, RunRules rules, PayloadKind payload,
            JofTuning tuning) {
        super("jof-" + payload.name().toLowerCase(Locale.ROOT), cluster, rules);
        this.payload = payload;
        this.tuning = tuning;
    }

    @Override
    protected MeasuredRun measure(long targetTuplesPerSecond, Duration duration)
            throws Exception {
        int tasks = cluster.shape().spoutTasks();
        JofSpoutConfig config = JofSpoutConfig.builder("127.0.0.1",
                        FreePorts.block(tasks * tuning.receiversPerTask()))
                .setReceiversPerTask(tuning.receiversPerTask())
                .setQueueCapacity(tuning.queueCapacity())
                .setWhenQueueFull(tuning.whenQueueFull())
                .setReceiveHighWaterMark(tuning.receiveHighWaterMark())
                .setMaxBucketsPerNextTuple(tuning.maxBucketsPerNextTuple())
                .setPayload(payload == PayloadKind.RAW ? Payload.raw() : Payload.ysb())
                .build();
        String runId = cluster.newRunId(name());
        try (SharedLocalCluster.Run run = cluster.submit(runId, new JofSpout(config))) {
            Generator.Builder builder = tuning.generator(config.endpoints(tasks),
                    targetTuplesPerSecond).duration(duration);
            if (payload == PayloadKind.RAW) {
                builder.payload(Payload.raw(Generator.DEFAULT_RAW_PAYLOAD_BYTES));
            } else {
                builder.payload(Payload.ysb());
            }
            GeneratorResult result;
            long scheduleEndNs;
            try (Generator generator = builder.build()) {
                generator.start();
                // start() returns once every receiver answered and the senders are off.
                long startNs = System.nanoTime();
                result = generator.awaitEnd();
                scheduleEndNs = startNs + result.elapsedNs();
            }
            long drainNs = awaitDrain(run.tally(), result.sentTuples(), scheduleEndNs);
            long jofDropped = JofGaugeReporter.sum(runId, "tuples-dropped");
            long jofRejected = JofGaugeReporter.sum(runId, "messages-rejected");
            long jofHandedOver = JofGaugeReporter.sum(runId, "tuples-handed-over");
            String details;
            long dropped = result.droppedTuples();
            if (jofDropped < 0) {
                details = "JOF gauges not found: JOF drops show as ingested < emitted";
            } else {
                dropped += jofDropped;
                details = String.format(Locale.ROOT, "generator dropped %,d; JOF handed over"
                        + " %,d, dropped %,d, rejected %,d messages", result.droppedTuples(),
                        jofHandedOver, jofDropped, jofRejected);
            }
            if (!result.clean()) {
                details += "; generator: " + String.join("; ", result.problems());
            }
            return measured(run.tally(), targetTuplesPerSecond, result.achievedTuplesPerSecond(),
                    result.sentTuples(), dropped, ScheduleLag.ofGenerator(result.seconds()),
                    drainNs, 0, details);
        }
    }
}
