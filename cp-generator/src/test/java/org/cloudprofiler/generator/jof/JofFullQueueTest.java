package org.cloudprofiler.generator.jof;

import static org.cloudprofiler.generator.jof.JofTestSupport.WAIT;
import static org.cloudprofiler.generator.jof.JofTestSupport.await;
import static org.cloudprofiler.generator.jof.JofTestSupport.awaitNoThreadsBut;
import static org.cloudprofiler.generator.jof.JofTestSupport.finished;
import static org.cloudprofiler.generator.jof.JofTestSupport.ids;
import static org.cloudprofiler.generator.jof.JofTestSupport.pollWithin;
import static org.cloudprofiler.generator.jof.JofTestSupport.rawPayload;
import static org.cloudprofiler.generator.jof.JofTestSupport.sleep;
import static org.cloudprofiler.generator.jof.JofTestSupport.startSenders;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.JofTestSupport.SenderScript;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.junit.jupiter.api.Test;

/**
 * What becomes of buckets when a queue is full: the JOF's own, under DROP and WAIT, and
 * the senders', whose drops their markers report.
 */
class JofFullQueueTest {
    @Test
    void eachSendersDropsAreCountedOnceByTheReceiverTheyWereMeantFor() throws Exception {
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 2).payload(Payload.raw()).start();
                TestSender first = new TestSender(PayloadClass.RAW, 0, 2, jof.endpoints());
                TestSender second = new TestSender(PayloadClass.RAW, 1, 2, jof.endpoints())) {
            // Each sender deals to both receivers and drops towards one of them only, so a
            // receiver that took a sender's total for its own would count 700 twice.
            for (int round = 0; round < 3; round++) {
                first.sendBucket(0, 50, JofTestSupport::rawPayload);
                first.sendBucket(1, 50, JofTestSupport::rawPayload);
                second.sendBucket(0, 50, JofTestSupport::rawPayload);
                second.sendBucket(1, 50, JofTestSupport::rawPayload);
            }
            first.dropBucket(0, 100);
            first.dropBucket(0, 200);
            second.dropBucket(1, 400);
            first.finish();
            second.finish();
            // 6 buckets per receiver fit its queue: nobody needs to consume.
            await(() -> jof.counters().receiversAtEndOfRun() == 2, "the end of the run");

            assertEquals(300, jof.counters(0).tuplesDroppedBySenders());
            assertEquals(400, jof.counters(1).tuplesDroppedBySenders());
            assertEquals(first.tuplesDropped() + second.tuplesDropped(),
                    jof.counters().tuplesDroppedBySenders());
            assertEquals(3, jof.counters().sequenceGaps());
            assertEquals(0, jof.counters().endOfRunMismatches());
        }
    }

    @Test
    void aFullQueueDropsWholeBucketsAndTheMarkerStillGetsThrough() throws Exception {
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 1).payload(Payload.raw()).queueCapacity(2).start();
                TestSender sender = new TestSender(PayloadClass.RAW, 0, 1, jof.endpoints())) {
            // Nobody consumes until the receiver is done: 2 buckets fit, 8 are dropped. Three
            // more are dropped by the sender, as the generator drops when a send would block.
            for (int bucket = 0; bucket < 10; bucket++) {
                sender.sendBucket(0, 100, JofTestSupport::rawPayload);
                if (bucket % 4 == 1) {
                    sender.dropBucket(0, 100);
                }
            }
            sender.finish();
            await(() -> jof.counters().receiversAtEndOfRun() == 1, "the end of the run");

            JofCounters counters = jof.counters();
            assertEquals(1000, counters.tuplesReceived());
            assertEquals(200, counters.tuplesHandedOver());
            assertEquals(2, counters.bucketsHandedOver());
            assertEquals(800, counters.tuplesDropped());
            assertEquals(8, counters.bucketsDropped());
            assertEquals(3, counters.sequenceGaps());
            assertEquals(300, counters.tuplesDroppedBySenders());
            assertEquals(sender.tuplesSent() + sender.tuplesDropped(),
                    counters.tuplesReceived() + 300);

            try (QueuePoller poller = jof.poller()) {
                List<Long> ids = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    TupleBucket bucket = assertInstanceOf(TupleBucket.class, pollWithin(poller));
                    for (int t = 0; t < bucket.size(); t++) {
                        ids.add(bucket.id(t));
                        assertArrayEquals(rawPayload(bucket.id(t)), (byte[]) bucket.value(t));
                    }
                }
                assertEquals(sender.sentIds().subList(0, 200), ids);
                EndOfRun end = assertInstanceOf(EndOfRun.class, pollWithin(poller));
                assertEquals(List.of(new SenderReport(0, 1000, 10, 300, 1000, 10)),
                        end.senders());
                assertTrue(poller.isFinished());
                assertNull(poller.poll());
            }
        }
    }

    @Test
    void underASlowConsumerEveryTupleIsHandedOverOrCountedAsDropped() throws Exception {
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 2).payload(Payload.raw()).queueCapacity(1).start()) {
            SlowConsumerRun run = SlowConsumerRun.of(jof);

            JofCounters counters = jof.counters();
            long sent = run.senders().stream().mapToLong(TestSender::tuplesSent).sum();
            assertEquals(2000, sent);
            assertEquals(sent, counters.tuplesReceived());
            assertEquals(sent, counters.tuplesHandedOver() + counters.tuplesDropped());
            assertEquals(counters.tuplesHandedOver(), run.consumer().tuplesConsumed());
            assertEquals(run.consumer().tuplesConsumed(), run.consumed().size());
            assertEquals(counters.bucketsHandedOver(), run.consumer().bucketsConsumed());
            assertEquals(2, run.consumer().endOfRuns().size());
            assertTrue(jof.isFinished());
        }
    }

    @Test
    void withWaitAFullQueueHoldsTheSendersBackAndNothingIsDropped() throws Exception {
        // The slow consumer of the test above, with ZeroMQ holding one bucket more: DROP would
        // drop; WAIT leaves the backlog to the senders' queues.
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 2).payload(Payload.raw()).queueCapacity(1).receiveHighWaterMark(1)
                .whenQueueFull(FullQueuePolicy.WAIT).start()) {
            SlowConsumerRun run = SlowConsumerRun.of(jof);

            JofCounters counters = jof.counters();
            Set<Long> sent = new HashSet<>();
            run.senders().forEach(sender -> sent.addAll(sender.sentIds()));
            assertEquals(2000, sent.size());
            assertEquals(0, counters.tuplesDropped());
            assertEquals(2000, counters.tuplesHandedOver());
            assertEquals(sent, run.consumed());
            assertEquals(2, run.consumer().endOfRuns().size());
        }
    }

    /**
     * Two senders deal 100 buckets of 10 tuples to two receivers whose one consumer naps 2 ms
     * after every bucket; returns once the consumer has had both ends of the run.
     */
    private record SlowConsumerRun(List<TestSender> senders, DrainingConsumer consumer,
            Set<Long> consumed) {
        static SlowConsumerRun of(JavaObjectFactory jof) throws Exception {
            Set<Long> consumed = ConcurrentHashMap.newKeySet();
            DrainingConsumer consumer = DrainingConsumer.start(jof.poller(), bucket -> {
                for (int i = 0; i < bucket.size(); i++) {
                    assertTrue(consumed.add(bucket.id(i)));
                }
                sleep(2);
            });
            SenderScript script = sender -> {
                for (int bucket = 0; bucket < 100; bucket++) {
                    sender.sendBucket(bucket % 2, 10, JofTestSupport::rawPayload);
                }
            };
            List<TestSender> senders =
                    finished(startSenders(PayloadClass.RAW, 2, jof.endpoints(), script));
            assertTrue(consumer.awaitFinished(WAIT));
            consumer.close();
            return new SlowConsumerRun(senders, consumer, consumed);
        }
    }

    @Test
    void aReceiverWaitingForRoomReadsNothingMoreAndCloseEndsItCountingItsBucketAsDropped()
            throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        JavaObjectFactory jof = JavaObjectFactory.builder().receivers("127.0.0.1", 0, 1).payload(Payload.raw())
                .queueCapacity(1).whenQueueFull(FullQueuePolicy.WAIT).start();
        try {
            List<Long> sentIds;
            try (TestSender sender = new TestSender(PayloadClass.RAW, 0, 1, jof.endpoints())) {
                // Nobody consumes: the first bucket fills the queue, the receiver holds the
                // second and leaves the third to ZeroMQ.
                for (int bucket = 0; bucket < 3; bucket++) {
                    sender.sendBucket(0, 100, JofTestSupport::rawPayload);
                }
                sentIds = sender.sentIds();
                await(() -> jof.counters().tuplesReceived() == 200, "the second bucket");
                sleep(300);
                assertEquals(200, jof.counters().tuplesReceived(), "read while waiting");
                assertEquals(0, jof.counters().tuplesDropped());
            }

            jof.close();
            awaitNoThreadsBut(before);
            JofCounters counters = jof.counters();
            assertEquals(100, counters.tuplesHandedOver());
            assertEquals(100, counters.tuplesDropped());
            try (QueuePoller poller = jof.poller()) {
                TupleBucket first = assertInstanceOf(TupleBucket.class, pollWithin(poller));
                assertEquals(sentIds.subList(0, 100), ids(first));
            }
        } finally {
            jof.close();
        }
    }
}
