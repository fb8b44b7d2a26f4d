package org.cloudprofiler.generator.jof;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import zmq.Msg;
import zmq.msg.MsgAllocator;

/**
 * The arrays one receiver's socket reads its buckets into, used again once the receiver is
 * through with a bucket: a bucket then costs neither a fresh array, which the JVM zeroes before
 * JeroMQ fills it, nor hundreds of kilobytes of garbage (docs/generator.md, "The JOF's receive
 * buffers"). Messages below {@link #MIN_POOLED_BYTES} or above {@link #MAX_POOLED_BYTES} get an
 * array of their own, as without a pool.
 *
 * <p>Thread-safe: JeroMQ's I/O threads call {@link #allocate} and the receiver thread calls
 * {@link #release}; both take a lock held for a few instructions, once per message.
 */
final class ReceiveBufferPool implements MsgAllocator {
    /** Smaller messages (end-of-run markers, sparse buckets) are cheap to allocate. */
    static final int MIN_POOLED_BYTES = 16 << 10;
    /** Larger buckets are rare enough not to keep their arrays alive. */
    static final int MAX_POOLED_BYTES = 4 << 20;
    /** Pooled arrays are rounded up to this, so that buckets of similar sizes share them. */
    static final int GRANULE_BYTES = 64 << 10;

    private final int maxIdleArrays;
    // Last in, first out: the array used last is the likeliest to still be in the CPU's cache.
    private final ArrayDeque<byte[]> idle;

    /** @param maxIdleArrays arrays kept for reuse at most; released ones beyond are garbage */
    ReceiveBufferPool(int maxIdleArrays) {
        if (maxIdleArrays < 1) {
            throw new IllegalArgumentException("need room for at least 1 idle array, not "
                    + maxIdleArrays);
        }
        this.maxIdleArrays = maxIdleArrays;
        this.idle = new ArrayDeque<>(maxIdleArrays);
    }

    /** A message of {@code size} bytes, on a pooled array where the size is a pooled one. */
    @Override
    public Msg allocate(int size) {
        if (size < MIN_POOLED_BYTES || size > MAX_POOLED_BYTES) {
            return new Msg(size);
        }
        byte[] array = takeIdle(size);
        if (array == null) {
            array = new byte[roundUpToGranule(size)];
        }
        // The message's buffer ends at size: JeroMQ reads exactly the message into it.
        return new Msg(ByteBuffer.wrap(array, 0, size));
    }

    /**
     * Gives the array under {@code message} back for a later message. Call it only once nothing
     * refers to the message's bytes any more: the next bucket overwrites them.
     */
    void release(Msg message) {
        ByteBuffer buffer = message.buf();
        if (!buffer.hasArray()) {
            return;
        }
        byte[] array = buffer.array();
        if (array.length < MIN_POOLED_BYTES || array.length > MAX_POOLED_BYTES) {
            return;
        }
        synchronized (idle) {
            if (idle.size() < maxIdleArrays) {
                idle.push(array);
            }
        }
    }

    /** How many arrays wait for reuse; for tests. */
    int idleArrays() {
        synchronized (idle) {
            return idle.size();
        }
    }

    private byte[] takeIdle(int size) {
        synchronized (idle) {
            byte[] array = idle.peek();
            if (array == null || array.length < size) {
                // Too small for this message: left to the collector, a fitting one replaces it.
                idle.poll();
                return null;
            }
            return idle.pop();
        }
    }

    private static int roundUpToGranule(int size) {
        return (size + GRANULE_BYTES - 1) / GRANULE_BYTES * GRANULE_BYTES;
    }
}
