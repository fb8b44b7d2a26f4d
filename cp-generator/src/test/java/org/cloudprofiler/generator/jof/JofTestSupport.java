package org.cloudprofiler.generator.jof;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.cloudprofiler.generator.ysb.AdEventPool;

/**
 * What the JOF's tests over loopback share: payloads, {@link TestSender}s on threads of
 * their own, and bounded waits. The tests count; none times anything (waits are bounded
 * only so that a bug fails instead of hanging).
 */
final class JofTestSupport {
    static final Duration WAIT = Duration.ofSeconds(60);
    static final AdEventPool POOL = AdEventPool.generate(11, 997);
    private static final byte[][] PAYLOADS = POOL.payloads();

    private JofTestSupport() {}

    static List<Long> ids(TupleBucket bucket) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < bucket.size(); i++) {
            ids.add(bucket.id(i));
        }
        return ids;
    }

    static int poolIndex(long id) {
        return (int) (id % PAYLOADS.length);
    }

    static byte[] ysbPayload(long id) {
        return PAYLOADS[poolIndex(id)];
    }

    static byte[] rawPayload(long id) {
        return ByteBuffer.allocate(12).putLong(id).putInt(~(int) id).array();
    }

    /** What each emulated sender does between connecting and its end-of-run markers. */
    interface SenderScript {
        void run(TestSender sender);
    }

    static List<Future<TestSender>> startSenders(PayloadClass payloadClass, int count,
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

    static List<TestSender> finished(List<Future<TestSender>> senders)
            throws Exception {
        List<TestSender> done = new ArrayList<>();
        for (Future<TestSender> sender : senders) {
            done.add(sender.get());
        }
        return done;
    }

    static JofItem pollWithin(QueuePoller poller) {
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

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
