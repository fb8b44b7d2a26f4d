package org.cloudprofiler.generator.jof;

import static org.cloudprofiler.generator.jof.JofTestSupport.WAIT;
import static org.cloudprofiler.generator.jof.JofTestSupport.awaitNoThreadsBut;
import static org.cloudprofiler.generator.jof.JofTestSupport.finished;
import static org.cloudprofiler.generator.jof.JofTestSupport.newThreads;
import static org.cloudprofiler.generator.jof.JofTestSupport.startSenders;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.JofTestSupport.SenderScript;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.junit.jupiter.api.Test;

/** Starting, binding, consuming and closing the JOF, and a receiver that dies. */
class JofLifecycleTest {
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
            sender.sendBucket(0, 1, JofTestSupport::rawPayload);
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
                sender.sendBucket(r, 10, JofTestSupport::ysbPayload);
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
}
