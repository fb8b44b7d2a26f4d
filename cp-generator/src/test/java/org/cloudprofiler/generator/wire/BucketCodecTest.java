package org.cloudprofiler.generator.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The bucket encoder and decoder against each other and against the bytes the doc spells out. */
class BucketCodecTest {

    private static byte[] threeTupleBucket() {
        return new BucketEncoder(PayloadClass.RAW, 1, 3).begin(7)
                .addTuple(10, "ab".getBytes(StandardCharsets.US_ASCII))
                .addTuple(13, new byte[0])
                .addTuple(-2, new byte[] {1, 2, 3})
                .finish();
    }

    @Test
    void theEncoderWritesTheDocumentedBytes() {
        HexFormat hex = HexFormat.of();
        byte[] expected = hex.parseHex(""
                + "43504742" + "0200" + "0000" + "00000000" + "0100" + "0300"
                + "0700000000000000" + "03000000" + "29000000"
                + "0a00000000000000" + "02000000" + "6162"
                + "0d00000000000000" + "00000000"
                + "feffffffffffffff" + "03000000" + "010203");
        assertEquals(hex.formatHex(expected), hex.formatHex(threeTupleBucket()));

        byte[] marker = new BucketEncoder(PayloadClass.YSB_AD_EVENT, 2, 3)
                .endOfRunMarker(9, 500, 5, 40);
        assertEquals(""
                + "43504742" + "0200" + "0100" + "01000000" + "0200" + "0300"
                + "0900000000000000" + "00000000" + "18000000"
                + "f401000000000000" + "0500000000000000" + "2800000000000000",
                hex.formatHex(marker));
    }

    @Test
    void aDataBucketDecodesInPlace() {
        byte[] bucket = threeTupleBucket();
        byte[] framed = new byte[bucket.length + 8];
        System.arraycopy(bucket, 0, framed, 5, bucket.length);
        BucketDecoder decoder = new BucketDecoder();

        assertTrue(decoder.wrap(framed, 5, bucket.length));
        assertNull(decoder.problem());
        assertFalse(decoder.isEndOfRun());
        assertEquals(PayloadClass.RAW, decoder.payloadClass());
        assertEquals(1, decoder.senderIndex());
        assertEquals(3, decoder.senderCount());
        assertEquals(7, decoder.sequence());
        assertEquals(3, decoder.tupleCount());
        assertEquals(bucket.length - WireFormat.HEADER_BYTES, decoder.bodyLength());

        long[] ids = {10, 13, -2};
        byte[][] payloads = {{'a', 'b'}, {}, {1, 2, 3}};
        for (int i = 0; i < 3; i++) {
            assertTrue(decoder.nextTuple());
            assertEquals(ids[i], decoder.tupleId());
            assertTrue(decoder.payloadArray() == framed);
            assertArrayEquals(payloads[i], Arrays.copyOfRange(framed, decoder.payloadOffset(),
                    decoder.payloadOffset() + decoder.payloadLength()));
        }
        assertFalse(decoder.nextTuple());
    }

    @Test
    void aMarkerDecodesWithItsCounts() {
        byte[] marker = new BucketEncoder(PayloadClass.PRELOADED_KRYO, 0, 1)
                .endOfRunMarker(3, 1000, 10, 77);
        BucketDecoder decoder = new BucketDecoder();
        assertTrue(decoder.wrap(marker, 0, marker.length));
        assertTrue(decoder.isEndOfRun());
        assertEquals(3, decoder.sequence());
        assertEquals(0, decoder.tupleCount());
        assertEquals(1000, decoder.markerTuplesSent());
        assertEquals(10, decoder.markerBucketsSent());
        assertEquals(77, decoder.markerTuplesDropped());
        assertFalse(decoder.nextTuple());
    }

    @Test
    void anEmptyDataBucketIsValid() {
        byte[] bucket = new BucketEncoder(PayloadClass.RAW, 0, 1).begin(0).finish();
        BucketDecoder decoder = new BucketDecoder();
        assertTrue(decoder.wrap(bucket, 0, bucket.length));
        assertFalse(decoder.nextTuple());
    }

    @Test
    void truncatedBucketsAreClassified() {
        byte[] bucket = threeTupleBucket();
        assertProblem(BucketProblem.TRUNCATED, "fewer than the 32-byte header",
                Arrays.copyOf(bucket, 31));
        assertProblem(BucketProblem.TRUNCATED, "the message carries 40",
                Arrays.copyOf(bucket, bucket.length - 1));
        assertProblem(BucketProblem.TRUNCATED, "fewer than the 32-byte header", new byte[0]);
    }

    @Test
    void malformedBucketsAreClassified() {
        assertProblem(BucketProblem.MALFORMED, "not a cloudprofiler bucket",
                patched(b -> b.putInt(0, 0x12345678)));
        assertProblem(BucketProblem.MALFORMED, "wire format version 3",
                patched(b -> b.putShort(4, (short) 3)));
        assertProblem(BucketProblem.MALFORMED, "flags 0x0002",
                patched(b -> b.putShort(6, (short) 2)));
        assertProblem(BucketProblem.MALFORMED, "sender index 3 is not below the sender count 3",
                patched(b -> b.putShort(12, (short) 3)));
        assertProblem(BucketProblem.MALFORMED, "sender index 0 is not below the sender count 0",
                patched(b -> b.putShort(12, (short) 0).putShort(14, (short) 0)));
        assertProblem(BucketProblem.MALFORMED, "exceeds the limits",
                patched(b -> b.putInt(24, WireFormat.MAX_TUPLES + 1)));
        assertProblem(BucketProblem.MALFORMED, "exceeds the limits",
                patched(b -> b.putInt(28, -1)));
        assertProblem(BucketProblem.MALFORMED, "1 bytes follow the body",
                Arrays.copyOf(threeTupleBucket(), threeTupleBucket().length + 1));
        // A tuple count that disagrees with the body, either way.
        assertProblem(BucketProblem.MALFORMED, "the body ends inside the header of tuple 3",
                patched(b -> b.putInt(24, 4)));
        assertProblem(BucketProblem.MALFORMED, "bytes of the body follow its 2 tuples",
                patched(b -> b.putInt(24, 2)));
        assertProblem(BucketProblem.MALFORMED, "runs past the end of the body",
                patched(b -> b.putInt(32 + 8, 100)));
        assertProblem(BucketProblem.MALFORMED, "over the limit",
                patched(b -> b.putInt(32 + 8, WireFormat.MAX_PAYLOAD_BYTES + 1)));
        assertProblem(BucketProblem.MALFORMED, "an end-of-run marker has 0 tuples",
                patched(b -> b.putShort(6, (short) WireFormat.FLAG_END_OF_RUN)));
    }

    @Test
    void anUndefinedPayloadClassIsClassified() {
        assertProblem(BucketProblem.UNKNOWN_CLASS, "payload class 3 is not defined",
                patched(b -> b.putInt(8, 3)));
        assertProblem(BucketProblem.UNKNOWN_CLASS, "payload class 4294967295 is not defined",
                patched(b -> b.putInt(8, -1)));
    }

    @Test
    void theDecoderRecoversAfterABadBucket() {
        BucketDecoder decoder = new BucketDecoder();
        byte[] bad = patched(b -> b.putInt(0, 0));
        byte[] good = threeTupleBucket();
        assertFalse(decoder.wrap(bad, 0, bad.length));
        assertTrue(decoder.wrap(good, 0, good.length));
        assertNull(decoder.problemDetail());
        int tuples = 0;
        while (decoder.nextTuple()) {
            tuples++;
        }
        assertEquals(3, tuples);
    }

    @Test
    void aReplayedBucketCanBeRenumbered() {
        byte[] bucket = threeTupleBucket();
        BucketEncoder.writeSequence(bucket, 1L << 40);
        BucketDecoder decoder = new BucketDecoder();
        assertTrue(decoder.wrap(bucket, 0, bucket.length));
        assertEquals(1L << 40, decoder.sequence());
    }

    @Test
    void theEncoderRefusesWhatTheFormatCannotCarry() {
        assertThrows(IllegalArgumentException.class,
                () -> new BucketEncoder(PayloadClass.RAW, 2, 2));
        assertThrows(IllegalArgumentException.class,
                () -> new BucketEncoder(PayloadClass.RAW, 0, 65_536));
        BucketEncoder encoder = new BucketEncoder(PayloadClass.RAW, 0, 1);
        assertThrows(IllegalStateException.class, () -> encoder.addTuple(1, new byte[1]));
        assertThrows(IllegalStateException.class, encoder::finish);
        assertThrows(IllegalArgumentException.class, () -> encoder.begin(0)
                .addTuple(1, new byte[WireFormat.MAX_PAYLOAD_BYTES + 1]));
    }

    @Test
    void largeBucketsGrowTheEncoderBuffer() {
        BucketEncoder encoder = new BucketEncoder(PayloadClass.RAW, 0, 1).begin(0);
        byte[] payload = new byte[1000];
        for (int i = 0; i < 100; i++) {
            payload[0] = (byte) i;
            encoder.addTuple(i, payload);
        }
        byte[] bucket = encoder.finish();
        assertEquals(WireFormat.HEADER_BYTES + 100 * (WireFormat.TUPLE_HEADER_BYTES + 1000),
                bucket.length);
        BucketDecoder decoder = new BucketDecoder();
        assertTrue(decoder.wrap(bucket, 0, bucket.length));
        for (int i = 0; decoder.nextTuple(); i++) {
            assertEquals(i, decoder.tupleId());
            assertEquals((byte) i, bucket[decoder.payloadOffset()]);
        }
    }

    private static byte[] patched(Consumer<ByteBuffer> patch) {
        byte[] bucket = threeTupleBucket();
        patch.accept(ByteBuffer.wrap(bucket).order(ByteOrder.LITTLE_ENDIAN));
        return bucket;
    }

    private static void assertProblem(BucketProblem expected, String detail, byte[] message) {
        BucketDecoder decoder = new BucketDecoder();
        assertFalse(decoder.wrap(message, 0, message.length));
        assertEquals(expected, decoder.problem(), decoder.problemDetail());
        assertTrue(decoder.problemDetail().contains(detail), decoder.problemDetail());
    }
}
