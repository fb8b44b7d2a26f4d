package org.cloudprofiler.bench.storm;

import java.time.Duration;
import java.util.Locale;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.storm.kafka.spout.FirstPollOffsetStrategy;
import org.apache.storm.kafka.spout.KafkaSpout;
import org.apache.storm.kafka.spout.KafkaSpoutConfig;

/**
 * A paced producer → the in-process broker → storm-kafka-client's plain {@link KafkaSpout}
 * (unprofiled, default record translator, no message ids) → null bolt. Each run uses a fresh
 * topic with one partition per spout task and a fresh consumer group reading from the
 * earliest offset. Production starts only once the spout consumes: a few warm-up records
 * must reach the null bolt first, and are not counted. The schedule lag is the producer's; a
 * spout that falls behind leaves a backlog in the broker, which shows as the drain time.
 */
final class KafkaPipeline extends StormIngestionPipeline {
    private static final int WARM_UP_RECORDS = 10;
    // Subscribing, joining the group and the first fetch take a few seconds.
    private static final Duration WARM_UP_TIMEOUT = Duration.ofSeconds(60);

    private final InProcessKafka kafka;
    private final PacedProducer producer;
    private final int maxPollRecords;

    /**
     * @param maxPollRecords the spout's consumer's {@code max.poll.records}
     * @param valueBytes size of each record's value
     */
    KafkaPipeline(SharedLocalCluster cluster, Duration drainWait, InProcessKafka kafka,
            int maxPollRecords, int valueBytes) {
        super("kafka", cluster, drainWait);
        this.kafka = kafka;
        this.producer = new PacedProducer(kafka.bootstrapServers(), valueBytes);
        this.maxPollRecords = maxPollRecords;
    }

    @Override
    protected MeasuredRun measure(long targetTuplesPerSecond, Duration duration)
            throws Exception {
        int partitions = cluster.shape().spoutTasks();
        String runId = cluster.newRunId(name());
        kafka.createTopic(runId, partitions);
        try {
            KafkaSpoutConfig<byte[], byte[]> config =
                    new KafkaSpoutConfig.Builder<byte[], byte[]>(kafka.bootstrapServers(), runId)
                            .setProp(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                                    ByteArrayDeserializer.class)
                            .setProp(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                                    ByteArrayDeserializer.class)
                            .setProp(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, maxPollRecords)
                            .setGroupId(runId)
                            .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.EARLIEST)
                            .setProcessingGuarantee(
                                    KafkaSpoutConfig.ProcessingGuarantee.NO_GUARANTEE)
                            .build();
            try (SharedLocalCluster.Run run = cluster.submit(runId, new KafkaSpout<>(config))) {
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
        } finally {
            kafka.deleteTopic(runId);
        }
    }

    /** Closes the producer; the broker belongs to the caller. */
    @Override
    public void close() {
        producer.close();
    }
}
