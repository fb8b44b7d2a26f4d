package org.cloudprofiler.generator.jof;

import static org.cloudprofiler.generator.jof.JofTestSupport.POOL;
import static org.cloudprofiler.generator.jof.JofTestSupport.finished;
import static org.cloudprofiler.generator.jof.JofTestSupport.pollWithin;
import static org.cloudprofiler.generator.jof.JofTestSupport.poolIndex;
import static org.cloudprofiler.generator.jof.JofTestSupport.rawPayload;
import static org.cloudprofiler.generator.jof.JofTestSupport.startSenders;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.JofTestSupport.SenderScript;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.junit.jupiter.api.Test;

/** Every tuple the senders send reaches its consumer once, as it was sent. */
class JofDeliveryTest {
    @Test
    void everyIdArrivesExactlyOnceAsTheEventItWasSentAs() throws Exception {
        int senders = 3;
        int receivers = 2;
        try (JavaObjectFactory jof = ysbJof(receivers, 1000);
                QueuePoller poller = jof.poller()) {
            SenderScript script = sender -> {
                for (int bucket = 0; bucket < 20; bucket++) {
                    for (int r = 0; r < receivers; r++) {
                        sender.sendBucket(r, 50, JofTestSupport::ysbPayload);
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
                                    JofTestSupport::rawPayload);
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
            List<Long> toFirst = sender.sendBucket(0, 30, JofTestSupport::rawPayload);
            List<Long> toSecond = sender.sendBucket(1, 20, JofTestSupport::rawPayload);
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

    private static JavaObjectFactory ysbJof(int receivers, int queueCapacity) {
        return JavaObjectFactory.builder().receivers("127.0.0.1", 0, receivers).payload(Payload.ysb())
                .queueCapacity(queueCapacity).start();
    }
}
