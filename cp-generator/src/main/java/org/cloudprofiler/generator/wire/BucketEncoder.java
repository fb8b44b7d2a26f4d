package org.cloudprofiler.generator.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Builds the buckets of one sender: {@link #begin}, {@link #addTuple} as often as wanted,
 * {@link #finish}; and its end-of-run markers. Java-side senders (tests, benchmarks) use it; the
 * native generator writes the same bytes.
 *
 * <p>Not thread-safe: one instance per sending thread. Numbering buckets is the caller's job,
 * because sequences run per (sender, receiver) pair and the encoder does not know the receiver.
 */
public final class BucketEncoder {
    private final PayloadClass payloadClass;
    private final int senderIndex;
    private final int senderCount;
    private ByteBuffer buffer = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
    private int tupleCount;
    private boolean open;

    /**
     * @param senderIndex this sender's index {@code t}, below {@code senderCount}
     * @param senderCount the number {@code T} of senders in the run, at most 65,535
     */
    public BucketEncoder(PayloadClass payloadClass, int senderIndex, int senderCount) {
        if (senderCount < 1 || senderCount > WireFormat.MAX_SENDERS || senderIndex < 0
                || senderIndex >= senderCount) {
            throw new IllegalArgumentException("sender " + senderIndex + " of " + senderCount
                    + ": need 0 <= index < count <= " + WireFormat.MAX_SENDERS);
        }
        this.payloadClass = payloadClass;
        this.senderIndex = senderIndex;
        this.senderCount = senderCount;
    }

    /** Starts a data bucket, discarding any bucket begun and not finished. */
    public BucketEncoder begin(long sequence) {
        buffer.clear();
        writeHeader(buffer, 0, sequence);
        tupleCount = 0;
        open = true;
        return this;
    }

    public BucketEncoder addTuple(long id, byte[] payload) {
        return addTuple(id, payload, 0, payload.length);
    }

    /** Appends a tuple whose payload is {@code payload[offset, offset + length)}. */
    public BucketEncoder addTuple(long id, byte[] payload, int offset, int length) {
        if (!open) {
            throw new IllegalStateException("begin a bucket before adding tuples");
        }
        if (length > WireFormat.MAX_PAYLOAD_BYTES) {
            throw new IllegalArgumentException("a payload of " + length
                    + " bytes is over the limit of " + WireFormat.MAX_PAYLOAD_BYTES);
        }
        if (tupleCount == WireFormat.MAX_TUPLES
                || bodyLength() + WireFormat.TUPLE_HEADER_BYTES + length
                        > WireFormat.MAX_BODY_BYTES) {
            throw new IllegalStateException("the bucket is full (" + tupleCount + " tuples, "
                    + bodyLength() + " bytes); finish it and begin another");
        }
        ensureRoom(WireFormat.TUPLE_HEADER_BYTES + length);
        buffer.putLong(id).putInt(length).put(payload, offset, length);
        tupleCount++;
        return this;
    }

    /** Tuples in the bucket begun last. */
    public int tupleCount() {
        return tupleCount;
    }

    /** Completes the bucket begun last and returns it, sized to the byte. */
    public byte[] finish() {
        if (!open) {
            throw new IllegalStateException("no bucket begun");
        }
        open = false;
        buffer.putInt(WireFormat.TUPLE_COUNT_OFFSET, tupleCount);
        buffer.putInt(WireFormat.BODY_LENGTH_OFFSET, bodyLength());
        return Arrays.copyOf(buffer.array(), buffer.position());
    }

    /**
     * This sender's end-of-run marker for one receiver, numbered after the last data bucket the
     * sender sent it or dropped.
     *
     * @param tuplesSent tuples this sender sent the receiver (sends that succeeded)
     * @param bucketsSent data buckets this sender sent the receiver
     * @param tuplesDropped tuples this sender dropped towards the receiver
     */
    public byte[] endOfRunMarker(long sequence, long tuplesSent, long bucketsSent,
            long tuplesDropped) {
        ByteBuffer marker = ByteBuffer
                .allocate(WireFormat.HEADER_BYTES + WireFormat.MARKER_BODY_BYTES)
                .order(ByteOrder.LITTLE_ENDIAN);
        writeHeader(marker, WireFormat.FLAG_END_OF_RUN, sequence);
        marker.putInt(WireFormat.BODY_LENGTH_OFFSET, WireFormat.MARKER_BODY_BYTES);
        marker.putLong(tuplesSent).putLong(bucketsSent).putLong(tuplesDropped);
        return marker.array();
    }

    /**
     * Renumbers a finished bucket, so that a sender can replay pre-encoded buckets as the native
     * generator does.
     */
    public static void writeSequence(byte[] bucket, long sequence) {
        ByteBuffer.wrap(bucket).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(WireFormat.SEQUENCE_OFFSET, sequence);
    }

    private void writeHeader(ByteBuffer target, int flags, long sequence) {
        target.putInt(WireFormat.MAGIC)
                .putShort((short) WireFormat.VERSION)
                .putShort((short) flags)
                .putInt(payloadClass.id())
                .putShort((short) senderIndex)
                .putShort((short) senderCount)
                .putLong(sequence)
                .putInt(0)
                .putInt(0);
    }

    private int bodyLength() {
        return buffer.position() - WireFormat.HEADER_BYTES;
    }

    private void ensureRoom(int bytes) {
        if (buffer.remaining() >= bytes) {
            return;
        }
        int capacity = Math.max(buffer.capacity() * 2, buffer.position() + bytes);
        ByteBuffer larger = ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
        buffer.flip();
        buffer = larger.put(buffer);
    }
}
