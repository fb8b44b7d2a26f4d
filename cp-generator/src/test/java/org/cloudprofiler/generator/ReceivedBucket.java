package org.cloudprofiler.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Test-only reading of one bucket, written from docs/wire-format.md independently of the C++
 * writer; {@link #parse} fails the test on bytes that break the format.
 */
record ReceivedBucket(
        int flags,
        int payloadClass,
        int sender,
        int senderCount,
        long sequence,
        List<Long> ids,
        List<byte[]> payloads,
        long markerTuplesSent,
        long markerBucketsSent,
        long markerTuplesDropped) {

    static final int MAGIC = 0x42475043;

    boolean isMarker() {
        return (flags & 1) != 0;
    }

    static ReceivedBucket parse(byte[] message) {
        ByteBuffer in = ByteBuffer.wrap(message).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(MAGIC, in.getInt(), "magic");
        assertEquals(2, Short.toUnsignedInt(in.getShort()), "version");
        int flags = Short.toUnsignedInt(in.getShort());
        int payloadClass = in.getInt();
        int sender = Short.toUnsignedInt(in.getShort());
        int senderCount = Short.toUnsignedInt(in.getShort());
        long sequence = in.getLong();
        int tuples = in.getInt();
        int bodyBytes = in.getInt();
        assertEquals(message.length, 32 + bodyBytes, "body length");
        List<Long> ids = new ArrayList<>();
        List<byte[]> payloads = new ArrayList<>();
        if ((flags & 1) != 0) {
            assertEquals(0, tuples, "tuples in a marker");
            assertEquals(24, bodyBytes, "marker body");
            return new ReceivedBucket(flags, payloadClass, sender, senderCount, sequence, ids,
                    payloads, in.getLong(), in.getLong(), in.getLong());
        }
        for (int i = 0; i < tuples; i++) {
            ids.add(in.getLong());
            byte[] payload = new byte[in.getInt()];
            in.get(payload);
            payloads.add(payload);
        }
        assertTrue(!in.hasRemaining(), "the tuples fill the body exactly");
        return new ReceivedBucket(flags, payloadClass, sender, senderCount, sequence, ids,
                payloads, 0, 0, 0);
    }
}
