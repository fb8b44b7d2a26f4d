package org.cloudprofiler.generator.jof;

import java.util.concurrent.atomic.AtomicBoolean;
import org.jctools.queues.SpscArrayQueue;

/**
 * One receiver's queue to its consumer: a JCTools SPSC array queue, so correct for one producer
 * thread (the receiver) and one consumer thread at a time (whichever {@link QueuePoller} has
 * claimed it).
 *
 * <p>Data buckets may fill {@code capacity} slots; one more slot is kept for the end-of-run
 * marker, which therefore always fits at once: it can be neither lost nor kept waiting.
 */
final class HandoverQueue {
    private final int receiverIndex;
    private final int capacity;
    private final SpscArrayQueue<JofItem> queue;
    private final AtomicBoolean claimed = new AtomicBoolean();
    private volatile boolean endOfRunPolled;
    private volatile Throwable receiverFailure;

    HandoverQueue(int receiverIndex, int capacity) {
        this.receiverIndex = receiverIndex;
        this.capacity = capacity;
        this.queue = new SpscArrayQueue<>(capacity + 1);
    }

    int receiverIndex() {
        return receiverIndex;
    }

    /** Producer side: false, without waiting, if {@code capacity} buckets are waiting. */
    boolean offer(TupleBucket bucket) {
        // The producer's view of the size is never below the true size, so a bucket offered
        // here never takes the marker's slot.
        return queue.size() < capacity && queue.offer(bucket);
    }

    /** Producer side, once, after the receiver's last bucket. */
    void offerEndOfRun(EndOfRun endOfRun) {
        if (!queue.offer(endOfRun)) {
            throw new IllegalStateException("the slot kept for receiver " + receiverIndex
                    + "'s end-of-run marker was taken");
        }
    }

    /** Producer side: the receiver thread stopped on an unexpected error. */
    void receiverFailed(Throwable failure) {
        receiverFailure = failure;
    }

    /**
     * Consumer side: the next item, or null if none is waiting.
     *
     * @throws IllegalStateException once the queue is empty if the receiver failed
     */
    JofItem poll() {
        JofItem item = queue.poll();
        if (item == null && receiverFailure != null) {
            // The failure was published after the receiver's last offer: look once more.
            item = queue.poll();
            if (item == null) {
                throw new IllegalStateException("JOF receiver " + receiverIndex + " stopped: "
                        + receiverFailure, receiverFailure);
            }
        }
        if (item instanceof EndOfRun) {
            endOfRunPolled = true;
        }
        return item;
    }

    /** Whether a consumer has polled the end-of-run marker: nothing more will come. */
    boolean isFinished() {
        return endOfRunPolled;
    }

    /** Makes the calling poller this queue's only consumer; false if another one is. */
    boolean claim() {
        return claimed.compareAndSet(false, true);
    }

    void release() {
        claimed.set(false);
    }
}
