package org.cloudprofiler.bench.ingestion;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.jof.FullQueuePolicy;

/**
 * How the JofSpout runs are set up; bench/results/2026-11-22-xeon-sapphire-rapids.md, "Choices",
 * says why these values.
 *
 * @param receiversPerTask JOF receiver threads per spout task
 * @param queueCapacity buckets each receiver queue holds
 * @param whenQueueFull what a receiver does with a bucket its full queue cannot take
 * @param receiveHighWaterMark buckets ZeroMQ holds in front of each receiver
 * @param maxBucketsPerNextTuple buckets one {@code nextTuple} may emit
 * @param bucketTuples tuples per generator bucket
 * @param bucketSpanUs how much of the generator's schedule one bucket may hold at most, µs
 * @param senderThreads generator sender threads
 * @param generatorSpinUs how long before each due time a generator sender spins, µs
 */
public record JofTuning(int receiversPerTask, int queueCapacity, FullQueuePolicy whenQueueFull,
        int receiveHighWaterMark, int maxBucketsPerNextTuple,
        int bucketTuples, int bucketSpanUs, int senderThreads, int generatorSpinUs) {
    // Generous: the receivers' JOF may still be starting on a busy machine.
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);

    /** A generator for {@code endpoints} at {@code tuplesPerSecond}, set up as these runs are. */
    public Generator.Builder generator(List<String> endpoints, long tuplesPerSecond) {
        return Generator.builder().endpoints(endpoints).tuplesPerSecond(tuplesPerSecond)
                .senderThreads(senderThreads).bucketTuples(bucketTuples)
                .bucketSpan(Duration.of(bucketSpanUs, ChronoUnit.MICROS))
                .spinWindow(Duration.of(generatorSpinUs, ChronoUnit.MICROS))
                .connectTimeout(CONNECT_TIMEOUT);
    }
}
