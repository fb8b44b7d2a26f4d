package org.cloudprofiler.generator.jof;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.wire.BucketEncoder;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.AdEventPool;
import org.junit.jupiter.api.Test;

/**
 * The JOF over loopback, fed by {@link TestSender}s that behave as the generator's senders. Every
 * test counts; none times anything (waits are bounded only so that a bug fails instead of
 * hanging).
 */
class JavaObjectFactoryTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final AdEventPool POOL = AdEventPool.generate(11, 997);
    private static final byte[][] PAYLOADS = POOL.payloads();

    @Test
    void everyIdArrivesExactlyOnceAsTheEventItWasSentAs() throws Exception {
        int senders = 3;
        int receivers = 2;
        try (JavaObjectFactory jof = ysbJof(receivers, 1000);
                QueuePoller poller = jof.poller()) {
            SenderScript script = sender -> {
                for (int bucket = 0; bucket < 20; bucket++) {
                    for (int r = 0; r < receivers; r++) {
                        sender.sendBucket(r, 50, JavaObjectFactoryTest::ysbPayload);
                    }
                }
            };
            List<Future<TestSender>> running =
                    startSenders(PayloadClass.YSB_AD_EVENT, senders, jof.endpoints(), script);

            Map<Long, AdEvent> received = new HashMap<>();
            long[] tuplesOf = new long[receivers];
            long[] tuplesAtEndOf = {-1, -1};
            int duplicates = 0;
            while (!poller.isFinished()) {
                JofItem item = pollWithin(poller);
                if (item instanceof TupleBucket bucket) {
                    assertEquals(-1, tuplesAtEndOf[bucket.receiverIndex()], "after its end");
                    tuplesOf[bucket.receiverIndex()] += bucket.size();
                    for (int i = 0; i < bucket.size(); i++) {
                        if (received.put(bucket.id(i), (AdEvent) bucket.value(i)) != null) {
                            duplicates++;
                        }
                    }
                } else {
                    EndOfRun end = (EndOfRun) item;
                    tuplesAtEndOf[end.receiverIndex()] = tuplesOf[end.receiverIndex()];
                    assertTrue(end.matchesSenders(), end.toString());
                    assertEquals(senders, end.senders().size());
                }
            }
            List<TestSender> done = finished(running);

            Set<Long> sent = new HashSet<>();
            done.forEach(sender -> sent.addAll(sender.sentIds()));
            assertEquals(0, duplicates);
            assertEquals(6000, sent.size());
            assertEquals(sent, received.keySet());
            received.forEach((id, event) -> assertEquals(POOL.events().get(poolIndex(id)),
                    event));
            assertArrayEquals(new long[] {3000, 3000}, tuplesAtEndOf);

            JofCounters counters = jof.counters();
            assertEquals(done.stream().mapToLong(TestSender::bytesSent).sum(),
                    counters.bytesReceived());
            assertEquals(6000, counters.tuplesReceived());
            assertEquals(120, counters.bucketsReceived());
            assertEquals(6000, counters.tuplesDeserialized());
            assertEquals(6000, counters.tuplesHandedOver());
            assertEquals(120, counters.bucketsHandedOver());
            assertEquals(0, counters.tuplesDropped());
            assertEquals(0, counters.messagesRejected());
            assertEquals(Map.of(), counters.rejectedByReason());
            assertNull(counters.lastRejection());
            assertEquals(0, counters.sequenceGaps());
            assertEquals(0, counters.tuplesDroppedBySenders());
            assertEquals(6, counters.markersReceived());
            assertEquals(0, counters.endOfRunMismatches());
            assertEquals(2, counters.receiversAtEndOfRun());
            assertEquals(3000, jof.counters(1).tuplesHandedOver());
            assertTrue(jof.isFinished());
        }
    }

    @Test
    void eachSendersDropsAreCountedOnceByTheReceiverTheyWereMeantFor() throws Exception {
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 2).payload(Payload.raw()).start();
                TestSender first = new TestSender(PayloadClass.RAW, 0, 2, jof.endpoints());
                TestSender second = new TestSender(PayloadClass.RAW, 1, 2, jof.endpoints())) {
            // Each sender deals to both receivers and drops towards one of them only, so a
            // receiver that took a sender's total for its own would count 700 twice.
            for (int round = 0; round < 3; round++) {
                first.sendBucket(0, 50, JavaObjectFactoryTest::rawPayload);
                first.sendBucket(1, 50, JavaObjectFactoryTest::rawPayload);
                second.sendBucket(0, 50, JavaObjectFactoryTest::rawPayload);
                second.sendBucket(1, 50, JavaObjectFactoryTest::rawPayload);
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
                sender.sendBucket(0, 100, JavaObjectFactoryTest::rawPayload);
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
    void bucketsReadIntoReusedArraysKeepTheirOwnPayloads() throws Exception {
        // 2000 tuples of 12 bytes and their headers: each bucket is read into a pooled array,
        // which later buckets overwrite while the values of earlier ones are still held here.
        int tuplesPerBucket = 2000;
        assertTrue(tuplesPerBucket * 24 > ReceiveBufferPool.MIN_POOLED_BYTES);
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 1).payload(Payload.raw()).queueCapacity(1000).start();
                QueuePoller poller = jof.poller()) {
            List<Future<TestSender>> running = startSenders(PayloadClass.RAW, 2,
                    jof.endpoints(), sender -> {
                        for (int bucket = 0; bucket < 40; bucket++) {
                            sender.sendBucket(0, tuplesPerBucket,
                                    JavaObjectFactoryTest::rawPayload);
                        }
                    });
            Map<Long, byte[]> received = new HashMap<>();
            while (!poller.isFinished()) {
                if (pollWithin(poller) instanceof TupleBucket bucket) {
                    for (int i = 0; i < bucket.size(); i++) {
                        received.put(bucket.id(i), (byte[]) bucket.value(i));
                    }
                }
            }
            finished(running);
            assertEquals(160_000, received.size());
            received.forEach((id, payload) -> assertArrayEquals(rawPayload(id), payload,
                    "payload of tuple " + id));
            assertEquals(0, jof.counters().tuplesDropped());
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
                    sender.sendBucket(bucket % 2, 10, JavaObjectFactoryTest::rawPayload);
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
                    sender.sendBucket(0, 100, JavaObjectFactoryTest::rawPayload);
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

    @Test
    void aUserClassRoundTripsThroughPreloadedKryoBytes() throws Exception {
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 1)
                .payload(Payload.kryo(Trade.class, Trade::newKryo))
                .start();
                TestSender sender = new TestSender(PayloadClass.PRELOADED_KRYO, 0, 1,
                        jof.endpoints());
                QueuePoller poller = jof.poller()) {
            Kryo senderKryo = Trade.newKryo();
            for (int bucket = 0; bucket < 5; bucket++) {
                sender.sendBucket(0, 20, id -> Trade.serialize(senderKryo, Trade.of(id)));
            }
            sender.finish();
            List<Trade> trades = new ArrayList<>();
            for (JofItem item = pollWithin(poller); item instanceof TupleBucket bucket;
                    item = pollWithin(poller)) {
                assertEquals(PayloadClass.PRELOADED_KRYO, bucket.payloadClass());
                for (int i = 0; i < bucket.size(); i++) {
                    assertEquals(Trade.of(bucket.id(i)), bucket.value(i));
                    trades.add((Trade) bucket.value(i));
                }
            }
            assertEquals(100, trades.size());
            assertTrue(poller.isFinished());
        }
    }

    @Test
    void aClassTheUsersKryoDoesNotKnowFailsAtStart() {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JavaObjectFactory.builder().receivers("127.0.0.1", 0, 1)
                        .payload(Payload.kryo(Trade.class, Kryo::new)).start());
        assertTrue(e.getMessage().contains("Class is not registered"), e.getMessage());
        awaitNoThreadsBut(before);
    }

    @Test
    void badBucketsAreCountedByReasonAndTheReceiverCarriesOn() throws Exception {
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 1).payload(Payload.raw()).payload(Payload.ysb()).start();
                TestSender sender = new TestSender(PayloadClass.RAW, 0, 1, jof.endpoints());
                QueuePoller poller = jof.poller()) {
            byte[] valid = new BucketEncoder(PayloadClass.RAW, 0, 1).begin(0)
                    .addTuple(1, new byte[3]).finish();
            // Garbage, decoded and refused before the receiver knows any sender.
            sender.sendRaw(0, new byte[] {1, 2, 3, 4, 5});
            sender.sendRaw(0, patched(valid, buffer -> buffer.putInt(0, 0x0BADF00D)));
            sender.sendRaw(0, Arrays.copyOf(valid, valid.length - 3));
            sender.sendRaw(0, patched(valid, buffer -> buffer.putInt(8, 7)));
            // Well-formed buckets of the run that cannot be handed over.
            sender.sendBucket(0, PayloadClass.PRELOADED_KRYO, 4, JavaObjectFactoryTest::rawPayload);
            sender.sendRaw(0, new BucketEncoder(PayloadClass.RAW, 0, 2).begin(1)
                    .addTuple(1, new byte[3]).finish());
            sender.sendBucket(0, PayloadClass.YSB_AD_EVENT, 5, id -> new byte[] {1, 2, 3});
            sender.sendBucket(0, PayloadClass.YSB_AD_EVENT, 6, id -> {
                byte[] payload = ysbPayload(id);
                return Arrays.copyOf(payload, payload.length + 1);
            });
            List<Long> good = sender.sendBucket(0, 10, JavaObjectFactoryTest::rawPayload);
            sender.sendRaw(0, valid);
            sender.finish();
            sender.sendBucket(0, 7, JavaObjectFactoryTest::rawPayload);
            await(() -> jof.counters().messagesRejected() == 10, "10 rejections");

            JofCounters counters = jof.counters();
            assertEquals(Map.of(RejectReason.TRUNCATED, 2L, RejectReason.MALFORMED, 2L,
                    RejectReason.UNKNOWN_CLASS, 2L, RejectReason.UNDESERIALIZABLE, 2L,
                    RejectReason.OUT_OF_SEQUENCE, 1L, RejectReason.AFTER_END_OF_RUN, 1L),
                    counters.rejectedByReason());
            assertEquals(sender.bytesSent(), counters.bytesReceived());
            assertEquals(6, counters.bucketsReceived());
            assertEquals(4 + 5 + 6 + 10 + 1 + 7, counters.tuplesReceived());
            assertEquals(4 + 5 + 6 + 1 + 7, counters.tuplesRejected());
            assertEquals(10, counters.tuplesDeserialized());
            assertEquals(10, counters.tuplesHandedOver());
            assertEquals(counters.tuplesReceived(), counters.tuplesHandedOver()
                    + counters.tuplesDropped() + counters.tuplesRejected());
            assertEquals(0, counters.sequenceGaps());
            assertTrue(counters.lastRejection().startsWith("receiver 0 (" + jof.endpoints()
                    .get(0) + "): a bucket from sender 0 came after its end-of-run marker"),
                    counters.lastRejection());

            TupleBucket bucket = assertInstanceOf(TupleBucket.class, pollWithin(poller));
            assertEquals(good, ids(bucket));
            EndOfRun end = assertInstanceOf(EndOfRun.class, pollWithin(poller));
            assertEquals(List.of(new SenderReport(0, 25, 4, 0, 25, 4)), end.senders());
            assertNull(poller.poll());
        }
    }

    @Test
    void eachReceiverAssemblesItsTuplesWithItsOwnAssemblerOnItsOwnThread() throws Exception {
        int receivers = 2;
        Map<Integer, Set<String>> threadsOfReceiver = new ConcurrentHashMap<>();
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, receivers).payload(Payload.raw())
                .tupleAssemblers(receiver -> (senderIndex, tupleId, value) -> {
                    threadsOfReceiver.computeIfAbsent(receiver, r -> ConcurrentHashMap.newKeySet())
                            .add(Thread.currentThread().getName());
                    // Filtered out: the consumer gets null in its place.
                    return tupleId % 3 == 0 ? null
                            : List.of(receiver, tupleId, ((byte[]) value).length);
                }).start();
                TestSender sender = new TestSender(PayloadClass.RAW, 0, 1, jof.endpoints());
                QueuePoller poller = jof.poller()) {
            List<Long> toFirst = sender.sendBucket(0, 30, JavaObjectFactoryTest::rawPayload);
            List<Long> toSecond = sender.sendBucket(1, 20, JavaObjectFactoryTest::rawPayload);
            sender.finish();
            Map<Long, Object> assembled = new HashMap<>();
            int nulls = 0;
            while (!poller.isFinished()) {
                if (pollWithin(poller) instanceof TupleBucket bucket) {
                    for (int i = 0; i < bucket.size(); i++) {
                        if (bucket.value(i) == null) {
                            nulls++;
                        }
                        assembled.put(bucket.id(i), bucket.value(i));
                    }
                }
            }
            for (long id : toFirst) {
                assertEquals(id % 3 == 0 ? null : List.of(0, id, rawPayload(id).length),
                        assembled.get(id));
            }
            for (long id : toSecond) {
                assertEquals(id % 3 == 0 ? null : List.of(1, id, rawPayload(id).length),
                        assembled.get(id));
            }
            assertEquals(50, assembled.size());
            assertTrue(nulls > 0);
            assertEquals(50, jof.counters().tuplesHandedOver());
            assertEquals(Map.of(0, Set.of("cloudprofiler-jof-receiver-0"),
                    1, Set.of("cloudprofiler-jof-receiver-1")), threadsOfReceiver);
        }
    }

    @Test
    void aBucketWhoseAssemblerFailsIsRejectedNamingTheFixAndTheReceiverCarriesOn()
            throws Exception {
        try (JavaObjectFactory jof = JavaObjectFactory.builder().receivers("127.0.0.1", 0, 1)
                .payload(Payload.raw()).tupleAssemblers(receiver -> (senderIndex, tupleId, value) -> {
                    if (tupleId == 4) {
                        throw new IllegalStateException("no layout for tuple 4");
                    }
                    if (tupleId == 9) {
                        // A checked exception thrown unchecked, as Kotlin or Lombok code can.
                        JavaObjectFactoryTest.<RuntimeException>throwUnchecked(
                                new java.io.IOException("no table for tuple 9"));
                    }
                    return value;
                }).start();
                TestSender sender = new TestSender(PayloadClass.RAW, 0, 1, jof.endpoints());
                QueuePoller poller = jof.poller()) {
            sender.sendBucket(0, 8, JavaObjectFactoryTest::rawPayload);
            String rejection = awaitRejection(jof, 1);
            sender.sendBucket(0, 2, JavaObjectFactoryTest::rawPayload);
            String checkedRejection = awaitRejection(jof, 2);
            List<Long> good = sender.sendBucket(0, 3, JavaObjectFactoryTest::rawPayload);
            sender.finish();

            assertTrue(rejection.contains("tuple 4 from sender 0 deserialized, but the"
                    + " consumer's tuple assembler failed on it: java.lang.IllegalStateException:"
                    + " no layout for tuple 4; fix the assembler"), rejection);
            assertTrue(checkedRejection.contains("tuple 9 from sender 0 deserialized, but the"
                    + " consumer's tuple assembler failed on it: java.io.IOException"),
                    checkedRejection);
            TupleBucket bucket = assertInstanceOf(TupleBucket.class, pollWithin(poller));
            assertEquals(good, ids(bucket));
            assertInstanceOf(EndOfRun.class, pollWithin(poller));
            JofCounters counters = jof.counters();
            assertEquals(Map.of(RejectReason.ASSEMBLY_FAILED, 2L), counters.rejectedByReason());
            assertEquals(10, counters.tuplesRejected());
            assertEquals(3, counters.tuplesHandedOver());
        }
    }

    @Test
    void eachRejectionNamesTheFix() throws Exception {
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 1).payload(Payload.ysb()).start();
                TestSender sender = new TestSender(PayloadClass.YSB_AD_EVENT, 0, 1,
                        jof.endpoints())) {
            List<String> messages = new ArrayList<>();
            sender.sendBucket(0, PayloadClass.RAW, 1, JavaObjectFactoryTest::rawPayload);
            messages.add(awaitRejection(jof, 1));
            sender.sendBucket(0, 2, id -> Arrays.copyOf(ysbPayload(id), 200));
            messages.add(awaitRejection(jof, 2));
            sender.sendRaw(0, new byte[40]);
            messages.add(awaitRejection(jof, 3));
            assertTrue(messages.get(0).contains("payload class 0 (RAW) from sender 0 is not"
                    + " configured: build the JavaObjectFactory with payload(Payload.raw())"),
                    messages.get(0));
            assertTrue(messages.get(1).contains("of the payload's 200 bytes; configure the JOF"
                    + " with the class and Kryo registrations the sender serialized with"),
                    messages.get(1));
            assertTrue(messages.get(2).contains("is something else sending to this port?"),
                    messages.get(2));
        }
    }

    @Test
    void aMarkerThatDisagreesWithWhatArrivedIsCountedAndReported() throws Exception {
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 2).payload(Payload.raw()).start();
                TestSender sender = new TestSender(PayloadClass.RAW, 0, 1, jof.endpoints());
                QueuePoller poller = jof.poller(1)) {
            sender.sendBucket(1, 30, JavaObjectFactoryTest::rawPayload);
            sender.finish(1, 35, 1);
            assertInstanceOf(TupleBucket.class, pollWithin(poller));
            EndOfRun end = assertInstanceOf(EndOfRun.class, pollWithin(poller));
            assertFalse(end.matchesSenders());
            assertEquals(new SenderReport(0, 35, 1, 0, 30, 1), end.senders().get(0));
            assertEquals(1, jof.counters(1).endOfRunMismatches());
            assertEquals(1, jof.counters().endOfRunMismatches());
            assertTrue(poller.isFinished());
            assertFalse(jof.isFinished(), "receiver 0 has had no marker");
        }
    }

    @Test
    void aReceiverThatDiesIsReportedToItsConsumerInsteadOfLeavingItWaiting() throws Exception {
        // An Error is not a payload problem: the receiver stops, as the JVM would have it.
        PayloadReader broken = (array, offset, length) -> {
            throw new LinkageError("test: a broken payload reader");
        };
        try (JavaObjectFactory jof = JavaObjectFactory.builder().receivers("127.0.0.1", 0, 1)
                .payloadReader(PayloadClass.RAW, () -> broken).start();
                TestSender sender = new TestSender(PayloadClass.RAW, 0, 1, jof.endpoints())) {
            DrainingConsumer consumer = DrainingConsumer.start(jof.poller());
            sender.sendBucket(0, 1, JavaObjectFactoryTest::rawPayload);
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> consumer.awaitFinished(WAIT));
            assertTrue(e.getMessage().contains("JOF receiver 0 stopped: java.lang.LinkageError:"
                    + " test: a broken payload reader"), e.getMessage());
            consumer.close();
        }
    }

    @Test
    void aQueueHasOneConsumerAtATime() {
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 3).payload(Payload.raw()).start()) {
            QueuePoller first = jof.poller(0, 2);
            assertArrayEquals(new int[] {0, 2}, first.receiverIndices());
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> jof.poller(1, 2));
            assertTrue(e.getMessage().contains("receiver 2's queue is drained by another"
                    + " QueuePoller"), e.getMessage());
            // The refused poller gave back the queue it had claimed before failing.
            jof.poller(1).close();
            first.close();
            assertThrows(IllegalStateException.class, first::poll);
            jof.poller().close();
        }
    }

    @Test
    void aPortInUseIsAnErrorNamingTheEndpointAndTheFix() {
        try (JavaObjectFactory first = JavaObjectFactory.builder()
                .endpoints(List.of("tcp://127.0.0.1:*")).payload(Payload.raw()).start()) {
            String taken = first.endpoints().get(0);
            assertTrue(taken.matches("tcp://127\\.0\\.0\\.1:\\d+"), taken);
            Set<Thread> before = Thread.getAllStackTraces().keySet();
            JofBindException e = assertThrows(JofBindException.class,
                    () -> JavaObjectFactory.builder()
                            .endpoints(List.of("tcp://127.0.0.1:*", taken)).payload(Payload.raw()).start());
            assertEquals(taken, e.endpoint());
            assertEquals("JOF receiver 1 cannot bind " + taken + ": the address is in use, by"
                    + " another JOF or some other process: stop it, or give the JOF and the"
                    + " generator another base port", e.getMessage());
            awaitNoThreadsBut(before);
        }
    }

    @Test
    void closeEndsEveryThreadItStarted() throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        JavaObjectFactory jof = JavaObjectFactory.builder().receivers("127.0.0.1", 0, 3).payload(Payload.ysb())
                .ioThreads(2).start();
        DrainingConsumer consumer = DrainingConsumer.start(jof.poller());
        SenderScript script = sender -> {
            for (int r = 0; r < 3; r++) {
                sender.sendBucket(r, 10, JavaObjectFactoryTest::ysbPayload);
            }
        };
        finished(startSenders(PayloadClass.YSB_AD_EVENT, 2, jof.endpoints(), script));
        assertTrue(consumer.awaitFinished(WAIT));
        assertEquals(60, consumer.tuplesConsumed());
        Set<Thread> started = newThreads(before);
        assertEquals(3, started.stream()
                .filter(t -> t.getName().startsWith("cloudprofiler-jof-receiver-")).count(),
                started.toString());
        assertTrue(started.stream().allMatch(Thread::isDaemon), started.toString());

        consumer.close();
        jof.close();
        jof.close();
        awaitNoThreadsBut(before);
    }

    @Test
    void receiversBindConsecutiveEndpoints() {
        try (JavaObjectFactory jof = JavaObjectFactory.builder().receivers("127.0.0.1", 0, 3)
                .payload(Payload.raw()).start()) {
            assertEquals(3, jof.receiverCount());
            assertEquals(3, new HashSet<>(jof.endpoints()).size());
        }
        assertThrows(IllegalArgumentException.class,
                () -> JavaObjectFactory.builder().receivers("127.0.0.1", 65_535, 2));
        assertThrows(IllegalStateException.class,
                () -> JavaObjectFactory.builder().receivers("127.0.0.1", 0, 1).start());
        assertThrows(IllegalStateException.class, () -> JavaObjectFactory.builder().payload(Payload.raw()).start());
    }

    private static String awaitRejection(JavaObjectFactory jof, long count) {
        await(() -> jof.counters().messagesRejected() == count, count + " rejections");
        return jof.counters().lastRejection();
    }

    private static List<Long> ids(TupleBucket bucket) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < bucket.size(); i++) {
            ids.add(bucket.id(i));
        }
        return ids;
    }

    private static JavaObjectFactory ysbJof(int receivers, int queueCapacity) {
        return JavaObjectFactory.builder().receivers("127.0.0.1", 0, receivers).payload(Payload.ysb())
                .queueCapacity(queueCapacity).start();
    }

    private static int poolIndex(long id) {
        return (int) (id % PAYLOADS.length);
    }

    private static byte[] ysbPayload(long id) {
        return PAYLOADS[poolIndex(id)];
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void throwUnchecked(Throwable checked) throws T {
        throw (T) checked;
    }

    private static byte[] rawPayload(long id) {
        return ByteBuffer.allocate(12).putLong(id).putInt(~(int) id).array();
    }

    private static byte[] patched(byte[] bucket, Consumer<ByteBuffer> patch) {
        byte[] copy = bucket.clone();
        patch.accept(ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN));
        return copy;
    }

    /** What each emulated sender does between connecting and its end-of-run markers. */
    private interface SenderScript {
        void run(TestSender sender);
    }

    private static List<Future<TestSender>> startSenders(PayloadClass payloadClass, int count,
            List<String> endpoints, SenderScript script) {
        ExecutorService pool = Executors.newFixedThreadPool(count, task -> {
            Thread thread = new Thread(task, "test-sender");
            thread.setDaemon(true);
            return thread;
        });
        List<Future<TestSender>> futures = new ArrayList<>();
        for (int t = 0; t < count; t++) {
            int index = t;
            futures.add(pool.submit(() -> {
                try (TestSender sender = new TestSender(payloadClass, index, count,
                        endpoints)) {
                    script.run(sender);
                    sender.finish();
                    return sender;
                }
            }));
        }
        pool.shutdown();
        return futures;
    }

    private static List<TestSender> finished(List<Future<TestSender>> senders)
            throws Exception {
        List<TestSender> done = new ArrayList<>();
        for (Future<TestSender> sender : senders) {
            done.add(sender.get());
        }
        return done;
    }

    private static JofItem pollWithin(QueuePoller poller) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            JofItem item = poller.poll();
            if (item != null) {
                return item;
            }
            Thread.onSpinWait();
        }
        return fail("nothing to poll within " + WAIT);
    }

    static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("no " + what + " within " + WAIT);
            }
            sleep(5);
        }
    }

    static void awaitNoThreadsBut(Set<Thread> before) {
        await(() -> newThreads(before).isEmpty(), "end of the threads " + newThreads(before));
    }

    static Set<Thread> newThreads(Set<Thread> before) {
        Set<Thread> threads = new HashSet<>(Thread.getAllStackTraces().keySet());
        threads.removeAll(before);
        threads.removeIf(thread -> !thread.isAlive());
        return threads;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A user's own class, serialized by the user's Kryo (FieldSerializer). */
    static final class Trade {
        String symbol;
        long priceCents;
        int[] quantities;

        static Trade of(long id) {
            Trade trade = new Trade();
            trade.symbol = "SYM" + id;
            trade.priceCents = id * 3;
            trade.quantities = new int[] {(int) id, (int) (id % 7)};
            return trade;
        }

        static Kryo newKryo() {
            Kryo kryo = new Kryo();
            kryo.register(Trade.class);
            kryo.register(int[].class);
            return kryo;
        }

        static byte[] serialize(Kryo kryo, Trade trade) {
            Output output = new Output(64, -1);
            kryo.writeObject(output, trade);
            return output.toBytes();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Trade trade && symbol.equals(trade.symbol)
                    && priceCents == trade.priceCents
                    && Arrays.equals(quantities, trade.quantities);
        }

        @Override
        public int hashCode() {
            return Objects.hash(symbol, priceCents);
        }
    }
}
