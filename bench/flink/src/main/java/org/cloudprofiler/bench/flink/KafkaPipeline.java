package org.cloudprofiler.bench.flink;

import java.time.Duration;
import java.util.Locale;

import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.cloudprofiler.bench.ingestion.MeasuredRun;
import org.cloudprofiler.bench.ingestion.PacedProducer;
import org.cloudprofiler.bench.ingestion.RunRules;
import org.cloudprofiler.bench.ingestion.SourceReport;
import org.cloudprofiler.testing.InProcessKafka;

/**
 * A paced producer → the in-process broker → flink-connector-kafka's {@link KafkaSource}
 * (unprofiled, values only, no checkpoints, so no offsets committed) → the counting sink. Each
 * run uses a fresh one-partition topic and consumer group reading from the earliest offset.
 * Production starts only once the source consumes: a few warm-up records must reach the sink
 * first, and are not counted. The schedule lag is the producer's; a source that falls behind
 * leaves a backlog in the broker, which shows as the drain time.
 */
// Closing waits for Flink or Kafka and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
final class KafkaPipeline extends FlinkIngestionPipeline {
    private static final int WARM_UP_RECORDS = 10;
    // Subscribing, finding the partitions and the first fetch take a few seconds.
    private static final Duration WARM_UP_TIMEOUT = Duration.ofSeconds(60);

    private final InProcessKafka kafka;
    private final PacedProducer producer;

    /** @param valueBytes size of each record's value */
    KafkaPipeline(SharedMiniCluster cluster, RunRules rules, InProcessKafka kafka,
            int valueBytes) {
        super("kafka", cluster, rules);
        this.kafka = kafka;
        this.producer = new PacedProducer(kafka.bootstrapServers(), valueBytes);
    }

    @Override
    protected MeasuredRun measure(long targetTuplesPerSecond, Duration duration)
            throws Exception {
        String runId = cluster.newRunId(name());
        kafka.createTopic(runId, 1);
        try {
            KafkaSource<byte[]> source = KafkaSource.<byte[]>builder()
                    .setBootstrapServers(kafka.bootstrapServers())
                    .setTopics(runId)
                    .setGroupId(runId)
                    .setStartingOffsets(OffsetsInitializer.earliest())
                    .setDeserializer(KafkaRecordDeserializationSchema.valueOnly(
                            ByteArrayDeserializer.class))
                    .build();
            try (SharedMiniCluster.Run run = cluster.submit(runId, source)) {
                producer.sendNow(runId, 1, WARM_UP_RECORDS);
                if (run.tally().awaitIngested(WARM_UP_RECORDS,
                        System.nanoTime() + WARM_UP_TIMEOUT.toNanos()) < 0) {
                    throw new IllegalStateException(runId + ": the KafkaSource had not consumed"
                            + " its " + WARM_UP_RECORDS + " warm-up records after "
                            + WARM_UP_TIMEOUT.toSeconds() + " s");
                }
                SourceReport report = producer.sendPaced(runId, 1, targetTuplesPerSecond,
                        duration);
                long drainNs = awaitDrain(run.tally(), WARM_UP_RECORDS + report.emitted(),
                        report.endNs());
                double achieved = report.achievedPerSecond(targetTuplesPerSecond);
                String details = String.format(Locale.ROOT, "producer sent %,.0f records/s,"
                        + " %,d failed", achieved, report.failed());
                return measured(run.tally(), targetTuplesPerSecond, achieved, report.emitted(),
                        report.failed(), report.lag(), drainNs, WARM_UP_RECORDS, details);
            }
        } finally {
            // The job, and with it the source's consumer, is gone once the run is closed.
            kafka.deleteTopic(runId);
        }
    }

    /** Closes the producer; the broker is the caller's. */
    @Override
    public void close() {
        producer.close();
    }
}
