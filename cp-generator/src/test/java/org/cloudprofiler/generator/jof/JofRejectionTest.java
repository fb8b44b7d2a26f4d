package org.cloudprofiler.generator.jof;

import static org.cloudprofiler.generator.jof.JofTestSupport.await;
import static org.cloudprofiler.generator.jof.JofTestSupport.ids;
import static org.cloudprofiler.generator.jof.JofTestSupport.pollWithin;
import static org.cloudprofiler.generator.jof.JofTestSupport.ysbPayload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.wire.BucketEncoder;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.junit.jupiter.api.Test;

/** What the JOF refuses, counted by reason, with a message naming the fix. */
class JofRejectionTest {
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
            sender.sendBucket(0, PayloadClass.PRELOADED_KRYO, 4, JofTestSupport::rawPayload);
            sender.sendRaw(0, new BucketEncoder(PayloadClass.RAW, 0, 2).begin(1)
                    .addTuple(1, new byte[3]).finish());
            sender.sendBucket(0, PayloadClass.YSB_AD_EVENT, 5, id -> new byte[] {1, 2, 3});
            sender.sendBucket(0, PayloadClass.YSB_AD_EVENT, 6, id -> {
                byte[] payload = ysbPayload(id);
                return Arrays.copyOf(payload, payload.length + 1);
            });
            List<Long> good = sender.sendBucket(0, 10, JofTestSupport::rawPayload);
            sender.sendRaw(0, valid);
            sender.finish();
            sender.sendBucket(0, 7, JofTestSupport::rawPayload);
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
    void aBucketWhoseAssemblerFailsIsRejectedNamingTheFixAndTheReceiverCarriesOn()
            throws Exception {
        try (JavaObjectFactory jof = JavaObjectFactory.builder().receivers("127.0.0.1", 0, 1)
                .payload(Payload.raw()).tupleAssemblers(receiver -> (senderIndex, tupleId, value) -> {
                    if (tupleId == 4) {
                        throw new IllegalStateException("no layout for tuple 4");
                    }
                    if (tupleId == 9) {
                        // A checked exception thrown unchecked, as Kotlin or Lombok code can.
                        JofRejectionTest.<RuntimeException>throwUnchecked(
                                new java.io.IOException("no table for tuple 9"));
                    }
                    return value;
                }).start();
                TestSender sender = new TestSender(PayloadClass.RAW, 0, 1, jof.endpoints());
                QueuePoller poller = jof.poller()) {
            sender.sendBucket(0, 8, JofTestSupport::rawPayload);
            String rejection = awaitRejection(jof, 1);
            sender.sendBucket(0, 2, JofTestSupport::rawPayload);
            String checkedRejection = awaitRejection(jof, 2);
            List<Long> good = sender.sendBucket(0, 3, JofTestSupport::rawPayload);
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
            sender.sendBucket(0, PayloadClass.RAW, 1, JofTestSupport::rawPayload);
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
            sender.sendBucket(1, 30, JofTestSupport::rawPayload);
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

    private static String awaitRejection(JavaObjectFactory jof, long count) {
        await(() -> jof.counters().messagesRejected() == count, count + " rejections");
        return jof.counters().lastRejection();
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void throwUnchecked(Throwable checked) throws T {
        throw (T) checked;
    }

    private static byte[] patched(byte[] bucket, Consumer<ByteBuffer> patch) {
        byte[] copy = bucket.clone();
        patch.accept(ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN));
        return copy;
    }
}
