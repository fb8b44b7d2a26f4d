package org.cloudprofiler.generator.jof;

import java.util.List;

/**
 * Drains a subset of the JOF's receiver queues, round-robin, for one consumer thread: a Storm
 * spout task or a Flink source reader. Each queue is single-consumer, so a queue belongs to at
 * most one open poller, and a poller must be used by one thread at a time (hand it to another
 * thread only with a happens-before edge, as any executor does).
 */
public final class QueuePoller implements AutoCloseable {
    private final HandoverQueue[] queues;
    private int next;
    private boolean closed;

    /** @throws IllegalStateException if another open poller drains one of the queues */
    QueuePoller(List<HandoverQueue> queues) {
        this.queues = queues.toArray(new HandoverQueue[0]);
        for (int i = 0; i < this.queues.length; i++) {
            if (!this.queues[i].claim()) {
                for (int j = 0; j < i; j++) {
                    this.queues[j].release();
                }
                throw new IllegalStateException("receiver " + this.queues[i].receiverIndex()
                        + "'s queue is drained by another QueuePoller; a queue has one consumer"
                        + " at a time: close that poller first");
            }
        }
    }

    /**
     * The next item from the next queue that has one, or null if none has. After a queue's
     * {@link EndOfRun} nothing more comes from that queue.
     *
     * @throws IllegalStateException if a receiver stopped on an unexpected error and its queue
     *     is empty, or if this poller is closed
     */
    public JofItem poll() {
        if (closed) {
            throw new IllegalStateException("this QueuePoller is closed");
        }
        for (int tried = 0; tried < queues.length; tried++) {
            HandoverQueue queue = queues[next];
            next = next + 1 == queues.length ? 0 : next + 1;
            if (!queue.isFinished()) {
                JofItem item = queue.poll();
                if (item != null) {
                    return item;
                }
            }
        }
        return null;
    }

    /** Whether this poller has handed out the {@link EndOfRun} of every one of its queues. */
    public boolean isFinished() {
        for (HandoverQueue queue : queues) {
            if (!queue.isFinished()) {
                return false;
            }
        }
        return true;
    }

    /** The indices of the receivers whose queues this poller drains. */
    public int[] receiverIndices() {
        int[] indices = new int[queues.length];
        for (int i = 0; i < queues.length; i++) {
            indices[i] = queues[i].receiverIndex();
        }
        return indices;
    }

    /** Gives the queues back, so that another poller may drain them. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            for (HandoverQueue queue : queues) {
                queue.release();
            }
        }
    }
}
