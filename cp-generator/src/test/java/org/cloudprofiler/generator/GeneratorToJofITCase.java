package org.cloudprofiler.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

import org.cloudprofiler.generator.jof.DrainingConsumer;
import org.cloudprofiler.generator.jof.EndOfRun;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.jof.JofCounters;
import org.cloudprofiler.generator.search.GeneratorJofPipeline;
import org.cloudprofiler.generator.search.MaxThroughputSearch;
import org.cloudprofiler.generator.search.PassCriteria;
import org.cloudprofiler.generator.search.SearchResult;
import org.cloudprofiler.generator.search.SearchStep;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.junit.jupiter.api.Test;

/** The native generator feeding the Java Object Factory for real: counts, ids, end markers. */
class GeneratorToJofITCase {
    private static final long TUPLES = 200_000;

    @Test
    void everyYsbTupleArrivesOnceAndTheEndComesLast() throws Exception {
        Set<Long> ids = new HashSet<>();
        List<Long> duplicates = new ArrayList<>();
        try (JavaObjectFactory jof = JavaObjectFactory.builder().receivers("127.0.0.1", 0, 2)
                .payload(Payload.ysb()).start();
                DrainingConsumer consumer = DrainingConsumer.start(jof.poller(), bucket -> {
                    for (int i = 0; i < bucket.size(); i++) {
                        assertInstanceOf(AdEvent.class, bucket.value(i));
                        if (!ids.add(bucket.id(i))) {
                            duplicates.add(bucket.id(i));
                        }
                    }
                })) {
            GeneratorResult result;
            try (Generator generator = Generator.builder().endpoints(jof.endpoints())
                    .senderThreads(2).payload(Payload.ysb()).tuplesPerSecond(400_000).tupleCount(TUPLES)
                    .build()) {
                generator.start();
                result = generator.awaitEnd();
            }
            assertTrue(consumer.awaitFinished(Duration.ofSeconds(30)), "no end of run");
            JofCounters counters = jof.counters();
            assertEquals(TUPLES, result.emittedTuples());
            // Exact accounting: what the generator sent is what the JOF received; what it
            // received was handed over or dropped, and the consumer saw what was handed over.
            assertEquals(result.sentTuples(), counters.tuplesReceived());
            assertEquals(counters.tuplesReceived(), counters.tuplesHandedOver()
                    + counters.tuplesDropped() + counters.tuplesRejected());
            assertEquals(counters.tuplesHandedOver(), consumer.tuplesConsumed());
            assertEquals(List.of(), duplicates);
            assertEquals(consumer.tuplesConsumed(), ids.size());
            List<EndOfRun> ends = consumer.endOfRuns();
            assertEquals(2, ends.size());
            assertTrue(ends.stream().allMatch(EndOfRun::matchesSenders), ends.toString());
            if (result.droppedTuples() == 0 && counters.tuplesDropped() == 0) {
                for (long k = 0; k < TUPLES; k++) {
                    assertTrue(ids.contains(k), "tuple id " + k + " never arrived");
                }
            }
        }
    }

    @Test
    void theGeneratorsDropsReachTheJofThroughItsMarkersCountedOnce() throws Exception {
        long tuples = 100_000;
        CountDownLatch emitted = new CountDownLatch(1);
        // Under WAIT a receiver whose queue is full reads nothing, so with one-bucket queues
        // and high-water marks everywhere the senders must drop while nobody consumes.
        try (JavaObjectFactory jof = JavaObjectFactory.builder().receivers("127.0.0.1", 0, 2)
                .payload(Payload.raw()).queueCapacity(1).receiveHighWaterMark(1)
                .whenQueueFull(FullQueuePolicy.WAIT).start();
                DrainingConsumer consumer = DrainingConsumer.start(jof.poller(), bucket -> {
                    try {
                        emitted.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                })) {
            GeneratorResult result;
            try (Generator generator = Generator.builder().endpoints(jof.endpoints())
                    .senderThreads(2).payload(Payload.raw(1000)).tuplesPerSecond(2_000_000)
                    .tupleCount(tuples).sendHighWaterMark(1).build()) {
                generator.start();
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (generator.emittedTuples() < tuples && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                emitted.countDown();
                result = generator.awaitEnd();
            }
            assertTrue(consumer.awaitFinished(Duration.ofSeconds(30)), "no end of run");
            JofCounters counters = jof.counters();
            assertTrue(result.droppedTuples() > 0, "the senders dropped nothing: " + result);
            assertEquals(0, result.undeliveredMarkers());
            // Two senders deal to two receivers: a receiver that took each sender's total for
            // its own would count every drop twice.
            assertEquals(result.droppedTuples(), counters.tuplesDroppedBySenders());
            assertEquals(tuples, counters.tuplesReceived() + counters.tuplesDroppedBySenders());
            assertEquals(0, counters.tuplesDropped());
            assertEquals(counters.tuplesReceived(), consumer.tuplesConsumed());
        }
    }

    @Test
    void theSearchDrivesRealRunsToAConsistentAnswer() throws Exception {
        List<SearchStep> steps = new ArrayList<>();
        GeneratorJofPipeline pipeline = new GeneratorJofPipeline(
                () -> JavaObjectFactory.builder().receivers("127.0.0.1", 0, 1).payload(Payload.raw()),
                () -> Generator.builder().payload(Payload.raw(100)), Duration.ofSeconds(30));
        SearchResult result = new MaxThroughputSearch(pipeline, PassCriteria.DEFAULT,
                Duration.ofMillis(500), 50_000, 200_000, 50_000, steps::add).search();
        assertFalse(steps.isEmpty());
        assertEquals(result.steps(), steps);
        for (SearchStep step : steps) {
            // Every run accounts for every tuple, passed or not.
            assertTrue(step.result().emitted() >= step.result().ingested(), step.toString());
        }
        if (result.lowestFailedTuplesPerSecond() >= 0) {
            assertTrue(result.maxSustainedTuplesPerSecond() < result.lowestFailedTuplesPerSecond());
        }
    }
}
