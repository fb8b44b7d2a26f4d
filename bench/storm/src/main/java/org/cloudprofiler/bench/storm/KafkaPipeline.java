package org.cloudprofiler.bench.storm;

import java.time.Duration;
import java.util.Locale;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.storm.kafka.spout.FirstPollOffsetStrategy;
import org.apache.storm.kafka.spout.KafkaSpout;
import org.apache.storm.kafka.spout.KafkaSpoutConfig;
import org.cloudprofiler.bench.ingestion.MeasuredRun;
import org.cloudprofiler.bench.ingestion.PacedProducer;
import org.cloudprofiler.bench.ingestion.RunRules;
import org.cloudprofiler.bench.ingestion.SourceReport;
import org.cloudprofiler.testing.InProcessKafka;

/**
 * A paced producer → the in-process broker → storm-kafka-client's plain {@link KafkaSpout}
 * (unprofiled, default record translator, the processing guarantee given) → null bolt. Each
 * run uses a fresh topic with one partition per spout task and a fresh consumer group reading
 * from the earliest offset. Production starts only once the spout consumes: a few warm-up
 * records must reach the null bolt first, and are not counted. The schedule lag is the
 * producer's; a spout that falls behind leaves a backlog in the broker, which shows as the
 * drain time.
 */
// Closing waits for Storm or Kafka and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
final class KafkaPipeline extends StormIngestionPipeline {
    private static final int WARM_UP_RECORDS = 10;
    // Subscribing, joining the group and the first fetch take a few seconds.
    private static final Duration WARM_UP_TIMEOUT = Duration.ofSeconds(60);
    // How long a killed topology's KafkaSpout may take to commit and close.
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(90);

    private final InProcessKafka kafka;
    private final PacedProducer producer;
    private final int maxPollRecords;
    private final KafkaSpoutConfig.ProcessingGuarantee guarantee;
    private String previousTopic;

    /**
     * @param maxPollRecords the spout's consumer's {@code max.poll.records}
     * @param guarantee the spout's; {@code NO_GUARANTEE} and {@code AT_MOST_ONCE} emit without
     *     message ids, {@code AT_LEAST_ONCE} (KafkaSpout's default) with, acked at once by
     *     Storm for want of ackers
     * @param valueBytes size of each record's value
     */
    KafkaPipeline(SharedLocalCluster cluster, RunRules rules, InProcessKafka kafka,
            int maxPollRecords, KafkaSpoutConfig.ProcessingGuarantee guarantee,
            int valueBytes) {
        super(sourceName(guarantee), cluster, rules);
        this.kafka = kafka;
        this.producer = new PacedProducer(kafka.bootstrapServers(), valueBytes);
        this.maxPollRecords = maxPollRecords;
        this.guarantee = guarantee;
    }

    /**
     * {@code kafka} for KafkaSpout's default guarantee, {@code kafka-<guarantee>} for the
     * others, e.g. {@code kafka-no-guarantee}.
     */
    static String sourceName(KafkaSpoutConfig.ProcessingGuarantee guarantee) {
        return guarantee == KafkaSpoutConfig.ProcessingGuarantee.AT_LEAST_ONCE ? "kafka"
                : "kafka-" + guarantee.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    protected MeasuredRun measure(long targetTuplesPerSecond, Duration duration)
            throws Exception {
        int partitions = cluster.shape().spoutTasks();
        String runId = cluster.newRunId(name());
        deletePreviousTopic();
        kafka.createTopic(runId, partitions);
        previousTopic = runId;
        KafkaSpoutConfig<byte[], byte[]> config =
                new KafkaSpoutConfig.Builder<byte[], byte[]>(kafka.bootstrapServers(), runId)
                        .setProp(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                                ByteArrayDeserializer.class)
                        .setProp(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                                ByteArrayDeserializer.class)
                        .setProp(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, maxPollRecords)
                        .setGroupId(runId)
                        .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.EARLIEST)
                        .setProcessingGuarantee(guarantee)
                        .build();
        try (SharedLocalCluster.Run run = cluster.submit(runId,
                new ClosingSignalKafkaSpout<>(config, runId))) {
            producer.sendNow(runId, partitions, WARM_UP_RECORDS);
            if (run.tally().awaitIngested(WARM_UP_RECORDS,
                    System.nanoTime() + WARM_UP_TIMEOUT.toNanos()) < 0) {
                throw new IllegalStateException(runId + ": the KafkaSpout had not consumed"
                        + " its " + WARM_UP_RECORDS + " warm-up records after "
                        + WARM_UP_TIMEOUT.toSeconds() + " s");
            }
            SourceReport source = producer.sendPaced(runId, partitions,
                    targetTuplesPerSecond, duration);
            long drainNs = awaitDrain(run.tally(), WARM_UP_RECORDS + source.emitted(),
                    source.endNs());
            double achieved = source.achievedPerSecond(targetTuplesPerSecond);
            String details = String.format(Locale.ROOT, "producer sent %,.0f records/s,"
                    + " %,d failed", achieved, source.failed());
            return measured(run.tally(), targetTuplesPerSecond, achieved, source.emitted(),
                    source.failed(), source.lag(), drainNs, WARM_UP_RECORDS, details);
        }
    }

    private void deletePreviousTopic() throws Exception {
        if (previousTopic != null) {
            // The topic of a run is its id. A spout that never closes keeps its topic: a
            // topic gone under its final commit would halt the JVM.
            if (ClosingSignalKafkaSpout.awaitClosed(previousTopic, CLOSE_WAIT)) {
                kafka.deleteTopic(previousTopic);
            } else {
                System.out.printf("            %s: its KafkaSpout had not closed after %d s;"
                        + " its topic stays until the broker closes%n", previousTopic,
                        CLOSE_WAIT.toSeconds());
            }
            previousTopic = null;
        }
    }

    /** Deletes the last run's topic and closes the producer; the broker is the caller's. */
    @Override
    public void close() throws Exception {
        try {
            deletePreviousTopic();
        } finally {
            producer.close();
        }
    }
}
