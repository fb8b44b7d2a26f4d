package org.cloudprofiler.generator.jof;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A thread that drains a {@link QueuePoller} as fast as it can and counts what it drains: the
 * in-process consumer of throughput runs, where no engine sits behind the JOF. Its counts and
 * {@link #awaitFinished} may be read from any thread; it owns the poller until closed.
 */
public final class DrainingConsumer implements AutoCloseable {
    private final QueuePoller poller;
    private final Consumer<TupleBucket> onBucket;
    private final Thread thread;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final List<EndOfRun> endOfRuns = new CopyOnWriteArrayList<>();
    private volatile boolean running = true;
    private volatile long bucketsConsumed;
    private volatile long tuplesConsumed;
    private volatile RuntimeException failure;

    private DrainingConsumer(QueuePoller poller, Consumer<TupleBucket> onBucket) {
        this.poller = poller;
        this.onBucket = onBucket;
        this.thread = new Thread(this::drain, "cloudprofiler-jof-draining-consumer");
        thread.setDaemon(true);
    }

    /** Starts draining {@code poller}, which it closes when closed itself. */
    public static DrainingConsumer start(QueuePoller poller) {
        return start(poller, bucket -> { });
    }

    /**
     * Starts draining {@code poller}, handing every bucket to {@code onBucket} on the draining
     * thread before counting it.
     */
    public static DrainingConsumer start(QueuePoller poller, Consumer<TupleBucket> onBucket) {
        DrainingConsumer consumer = new DrainingConsumer(poller, onBucket);
        consumer.thread.start();
        return consumer;
    }

    private void drain() {
        int idlePolls = 0;
        try {
            while (running && !poller.isFinished()) {
                JofItem item = poller.poll();
                if (item == null) {
                    EmptyQueueBackoff.idle(++idlePolls);
                } else {
                    idlePolls = 0;
                    consume(item);
                }
            }
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            stopped.countDown();
        }
    }

    private void consume(JofItem item) {
        if (item instanceof TupleBucket bucket) {
            onBucket.accept(bucket);
            bucketsConsumed++;
            tuplesConsumed += bucket.size();
        } else {
            endOfRuns.add((EndOfRun) item);
        }
    }

    public long bucketsConsumed() {
        return bucketsConsumed;
    }

    public long tuplesConsumed() {
        return tuplesConsumed;
    }

    /** The end-of-run items drained so far, in the order they came. */
    public List<EndOfRun> endOfRuns() {
        return List.copyOf(endOfRuns);
    }

    /**
     * Waits until every queue of the poller has delivered its end of the run, the consumer was
     * closed, or the timeout passed.
     *
     * @return whether every queue delivered its end of the run
     * @throws IllegalStateException if draining stopped on an error (a receiver's, say)
     */
    public boolean awaitFinished(Duration timeout) throws InterruptedException {
        stopped.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (failure != null) {
            throw new IllegalStateException("draining stopped: " + failure.getMessage(),
                    failure);
        }
        return endOfRuns.size() == poller.receiverIndices().length;
    }

    /** Stops draining and closes the poller; what is still queued stays queued. */
    @Override
    public void close() {
        running = false;
        ThreadJoin.joinAll(List.of(thread));
        poller.close();
    }
}
