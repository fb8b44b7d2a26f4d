package org.cloudprofiler.generator.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads one bucket in place, without copying it: {@link #wrap} validates the whole bucket
 * (header, every tuple's bounds, the body length to the byte), then the accessors and the tuple
 * cursor read from the caller's array.
 *
 * <p>Not thread-safe: one instance per receiving thread, reused from bucket to bucket. The
 * wrapped array must not change while the decoder reads it.
 */
public final class BucketDecoder {
    private ByteBuffer bucket = ByteBuffer.allocate(0);
    private BucketProblem problem;
    private String problemDetail;

    private boolean endOfRun;
    private long payloadClassId;
    private int senderIndex;
    private int senderCount;
    private long sequence;
    private int tupleCount;
    private int bodyLength;

    private int cursor;
    private int tuplesRead;
    private long tupleId;
    private int payloadOffset;
    private int payloadLength;

    /**
     * Validates the bucket in {@code message[offset, offset + length)} and, if it is whole and
     * well-formed, positions the tuple cursor before its first tuple.
     *
     * @return true if the bucket is valid; otherwise {@link #problem()} says why
     */
    public boolean wrap(byte[] message, int offset, int length) {
        bucket = ByteBuffer.wrap(message, offset, length).slice().order(ByteOrder.LITTLE_ENDIAN);
        problem = null;
        problemDetail = null;
        cursor = WireFormat.HEADER_BYTES;
        tuplesRead = 0;
        return readHeader(length) && checkBody() && checkClass();
    }

    private boolean readHeader(int length) {
        if (length < WireFormat.HEADER_BYTES) {
            return fail(BucketProblem.TRUNCATED, "the message has " + length
                    + " bytes, fewer than the " + WireFormat.HEADER_BYTES + "-byte header");
        }
        int magic = bucket.getInt(WireFormat.MAGIC_OFFSET);
        if (magic != WireFormat.MAGIC) {
            return fail(BucketProblem.MALFORMED, String.format("magic 0x%08x is not 0x%08x"
                    + " (\"CPGB\"): not a cloudprofiler bucket; is something else sending to"
                    + " this port?", magic, WireFormat.MAGIC));
        }
        int version = u16(WireFormat.VERSION_OFFSET);
        if (version != WireFormat.VERSION) {
            return fail(BucketProblem.MALFORMED, "wire format version " + version
                    + "; this reader knows version " + WireFormat.VERSION
                    + ": run a generator and a JOF of the same release");
        }
        int flags = u16(WireFormat.FLAGS_OFFSET);
        if ((flags & ~WireFormat.FLAG_END_OF_RUN) != 0) {
            return fail(BucketProblem.MALFORMED, String.format("flags 0x%04x set bits that"
                    + " version " + WireFormat.VERSION + " does not define", flags));
        }
        endOfRun = flags == WireFormat.FLAG_END_OF_RUN;
        payloadClassId = u32(WireFormat.CLASS_OFFSET);
        senderIndex = u16(WireFormat.SENDER_INDEX_OFFSET);
        senderCount = u16(WireFormat.SENDER_COUNT_OFFSET);
        if (senderIndex >= senderCount) {
            return fail(BucketProblem.MALFORMED, "sender index " + senderIndex
                    + " is not below the sender count " + senderCount);
        }
        sequence = bucket.getLong(WireFormat.SEQUENCE_OFFSET);
        long tuples = u32(WireFormat.TUPLE_COUNT_OFFSET);
        long body = u32(WireFormat.BODY_LENGTH_OFFSET);
        if (tuples > WireFormat.MAX_TUPLES || body > WireFormat.MAX_BODY_BYTES) {
            return fail(BucketProblem.MALFORMED, "tuple count " + tuples + " or body length "
                    + body + " exceeds the limits (" + WireFormat.MAX_TUPLES + " tuples, "
                    + WireFormat.MAX_BODY_BYTES + " bytes)");
        }
        tupleCount = (int) tuples;
        bodyLength = (int) body;
        int bodyReceived = length - WireFormat.HEADER_BYTES;
        if (bodyReceived < bodyLength) {
            return fail(BucketProblem.TRUNCATED, "the header announces a body of " + bodyLength
                    + " bytes; the message carries " + bodyReceived);
        }
        if (bodyReceived > bodyLength) {
            return fail(BucketProblem.MALFORMED, (bodyReceived - bodyLength)
                    + " bytes follow the body of " + bodyLength + " bytes the header announces");
        }
        return true;
    }

    private boolean checkBody() {
        if (endOfRun) {
            if (tupleCount != 0 || bodyLength != WireFormat.MARKER_BODY_BYTES) {
                return fail(BucketProblem.MALFORMED, "an end-of-run marker has 0 tuples and a"
                        + " body of " + WireFormat.MARKER_BODY_BYTES + " bytes, not "
                        + tupleCount + " tuples and " + bodyLength + " bytes");
            }
            return true;
        }
        int position = WireFormat.HEADER_BYTES;
        int end = WireFormat.HEADER_BYTES + bodyLength;
        for (int i = 0; i < tupleCount; i++) {
            if (end - position < WireFormat.TUPLE_HEADER_BYTES) {
                return fail(BucketProblem.MALFORMED, "the body ends inside the header of tuple "
                        + i + " of " + tupleCount);
            }
            long length = u32(position + 8);
            if (length > WireFormat.MAX_PAYLOAD_BYTES) {
                return fail(BucketProblem.MALFORMED, "tuple " + i + " announces a payload of "
                        + length + " bytes, over the limit of " + WireFormat.MAX_PAYLOAD_BYTES);
            }
            position += WireFormat.TUPLE_HEADER_BYTES;
            if (end - position < length) {
                return fail(BucketProblem.MALFORMED, "the payload of tuple " + i + " ("
                        + length + " bytes) runs past the end of the body");
            }
            position += (int) length;
        }
        if (position != end) {
            return fail(BucketProblem.MALFORMED, (end - position) + " bytes of the body follow"
                    + " its " + tupleCount + " tuples");
        }
        return true;
    }

    private boolean checkClass() {
        if (!PayloadClass.isDefined(payloadClassId)) {
            return fail(BucketProblem.UNKNOWN_CLASS, "payload class " + payloadClassId
                    + " is not defined by wire format version " + WireFormat.VERSION);
        }
        return true;
    }

    private boolean fail(BucketProblem kind, String detail) {
        problem = kind;
        problemDetail = detail;
        return false;
    }

    private int u16(int offset) {
        return bucket.getShort(offset) & 0xFFFF;
    }

    private long u32(int offset) {
        return bucket.getInt(offset) & 0xFFFF_FFFFL;
    }

    /** What was wrong with the last wrapped message, or null if it was valid. */
    public BucketProblem problem() {
        return problem;
    }

    /** A sentence naming the field at fault, or null if the last message was valid. */
    public String problemDetail() {
        return problemDetail;
    }

    public boolean isEndOfRun() {
        return endOfRun;
    }

    public PayloadClass payloadClass() {
        return PayloadClass.ofId(payloadClassId);
    }

    public int senderIndex() {
        return senderIndex;
    }

    public int senderCount() {
        return senderCount;
    }

    /** The bucket's sequence number within its (sender, receiver) pair, an unsigned u64. */
    public long sequence() {
        return sequence;
    }

    public int tupleCount() {
        return tupleCount;
    }

    public int bodyLength() {
        return bodyLength;
    }

    /**
     * Moves the cursor to the next tuple of a data bucket.
     *
     * @return false once every tuple has been read
     */
    public boolean nextTuple() {
        if (tuplesRead == tupleCount) {
            return false;
        }
        tupleId = bucket.getLong(cursor);
        payloadLength = (int) u32(cursor + 8);
        payloadOffset = cursor + WireFormat.TUPLE_HEADER_BYTES;
        cursor = payloadOffset + payloadLength;
        tuplesRead++;
        return true;
    }

    /** The id of the tuple under the cursor. */
    public long tupleId() {
        return tupleId;
    }

    /** The array that holds the payloads: the array {@link #wrap} was given. */
    public byte[] payloadArray() {
        return bucket.array();
    }

    /** Where the payload of the tuple under the cursor starts in {@link #payloadArray()}. */
    public int payloadOffset() {
        return bucket.arrayOffset() + payloadOffset;
    }

    public int payloadLength() {
        return payloadLength;
    }

    /** An end-of-run marker's count of tuples its sender sent this receiver. */
    public long markerTuplesSent() {
        return bucket.getLong(WireFormat.HEADER_BYTES);
    }

    /** An end-of-run marker's count of data buckets its sender sent this receiver. */
    public long markerBucketsSent() {
        return bucket.getLong(WireFormat.HEADER_BYTES + 8);
    }

    /**
     * An end-of-run marker's count of tuples its sender dropped towards this receiver (sends
     * that would have blocked).
     */
    public long markerTuplesDropped() {
        return bucket.getLong(WireFormat.HEADER_BYTES + 16);
    }
}
