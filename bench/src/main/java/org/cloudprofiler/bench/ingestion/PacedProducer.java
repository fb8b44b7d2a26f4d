package org.cloudprofiler.bench.ingestion;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Feeds a topic at a fixed rate on an absolute schedule, the way the generator feeds the JOF:
 * record k is due k / rate seconds after the start; each turn sends every record that is due
 * (round-robin over the partitions, all with one preallocated value and no key), and sleeps
 * until the next one otherwise. It stops at the end of the duration even if behind: its
 * shortfall is the achieved rate's. Batching is generous (256 KiB batches, 5 ms linger, leader
 * acks only) so that the producer is not what limits the run. Not thread-safe.
 */
public final class PacedProducer implements AutoCloseable {
    private final KafkaProducer<byte[], byte[]> producer;
    private final byte[] value;

    public PacedProducer(String bootstrapServers, int valueBytes) {
        this.producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.ACKS_CONFIG, "1",
                // Idempotence needs acks=all; one broker has no replicas to wait for anyway.
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false,
                ProducerConfig.LINGER_MS_CONFIG, 5,
                ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024,
                ProducerConfig.BUFFER_MEMORY_CONFIG, 256L * 1024 * 1024),
                new ByteArraySerializer(), new ByteArraySerializer());
        this.value = new byte[valueBytes];
    }

    /** Sends {@code count} records as fast as it can and waits until the broker has them. */
    public void sendNow(String topic, int partitions, int count) {
        for (int k = 0; k < count; k++) {
            producer.send(new ProducerRecord<>(topic, k % partitions, null, value));
        }
        producer.flush();
    }

    /**
     * Sends {@code recordsPerSecond} for {@code duration}; returns once every record is acked
     * or failed. The report's end is when the last record was handed to the producer.
     */
    public SourceReport sendPaced(String topic, int partitions, long recordsPerSecond,
            Duration duration) {
        long durationNs = duration.toNanos();
        long total = Math.multiplyExact(recordsPerSecond, durationNs) / 1_000_000_000L;
        AtomicLong failed = new AtomicLong();
        long startNs = System.nanoTime();
        ScheduleLagRecorder lag = new ScheduleLagRecorder(startNs);
        long sent = 0;
        while (sent < total) {
            long nowNs = System.nanoTime();
            if (nowNs - startNs >= durationNs) {
                break;
            }
            long due = Math.min(total, (nowNs - startNs) * recordsPerSecond / 1_000_000_000L + 1);
            if (due > sent) {
                lag.record(nowNs, nowNs - dueNs(startNs, sent, recordsPerSecond));
                for (; sent < due; sent++) {
                    producer.send(new ProducerRecord<>(topic, (int) (sent % partitions), null,
                            value), (metadata, error) -> {
                                if (error != null) {
                                    failed.incrementAndGet();
                                }
                            });
                }
            } else {
                LockSupport.parkNanos(dueNs(startNs, sent, recordsPerSecond) - nowNs);
            }
        }
        long endNs = System.nanoTime();
        producer.flush();
        return new SourceReport(sent - failed.get(), failed.get(), startNs, endNs, lag.finish());
    }

    private static long dueNs(long startNs, long record, long recordsPerSecond) {
        return startNs + record * 1_000_000_000L / recordsPerSecond;
    }

    @Override
    public void close() {
        producer.close();
    }
}
