package org.cloudprofiler.generator.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import java.io.IOException;
import java.io.InputStream;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.YsbKryo;
import org.junit.jupiter.api.Test;

/**
 * Golden files of wire format 2 (src/test/resources/golden), written from docs/wire-format.md
 * alone, without this code: sender 1 of 2 sends a receiver one bucket of two YSB events (the
 * doc's example event, ids 3 and 5, sequence 5), then its end-of-run marker (sequence 6). The
 * native generator's tests can compare their bytes with the same files. The same bucket in
 * format 1 pins what a generator of an earlier release gets from this JOF.
 */
class GoldenBucketsTest {
    private static final AdEvent EVENT = new AdEvent("123e4567-e89b-12d3-a456-426614174000",
            "00000000-0000-0000-0000-000000000001", "ffffffff-ffff-ffff-ffff-ffffffffffff",
            "banner", "view", 1_704_067_200_000L, "10.0.0.1");

    @Test
    void theEncoderWritesTheGoldenBucketAndMarker() throws IOException {
        byte[] payload = YsbKryo.serialize(YsbKryo.create(), EVENT);
        BucketEncoder encoder = new BucketEncoder(PayloadClass.YSB_AD_EVENT, 1, 2);
        assertArrayEquals(golden("wire-v2-ysb-bucket.bin"),
                encoder.begin(5).addTuple(3, payload).addTuple(5, payload).finish());
        assertArrayEquals(golden("wire-v2-end-of-run-marker.bin"),
                encoder.endOfRunMarker(6, 2, 1, 0));
    }

    @Test
    void theDecoderReadsTheGoldenBucketAndMarker() throws IOException {
        byte[] bucket = golden("wire-v2-ysb-bucket.bin");
        BucketDecoder decoder = new BucketDecoder();
        assertTrue(decoder.wrap(bucket, 0, bucket.length), decoder.problemDetail());
        assertEquals(PayloadClass.YSB_AD_EVENT, decoder.payloadClass());
        assertEquals(5, decoder.sequence());
        Kryo kryo = YsbKryo.create();
        for (long id : new long[] {3, 5}) {
            assertTrue(decoder.nextTuple());
            assertEquals(id, decoder.tupleId());
            Input input = new Input(decoder.payloadArray(), decoder.payloadOffset(),
                    decoder.payloadLength());
            assertEquals(EVENT, kryo.readObject(input, AdEvent.class));
        }

        byte[] marker = golden("wire-v2-end-of-run-marker.bin");
        assertTrue(decoder.wrap(marker, 0, marker.length), decoder.problemDetail());
        assertTrue(decoder.isEndOfRun());
        assertEquals(6, decoder.sequence());
        assertEquals(2, decoder.markerTuplesSent());
        assertEquals(1, decoder.markerBucketsSent());
        assertEquals(0, decoder.markerTuplesDropped());
    }

    @Test
    void aBucketOfFormatOneIsRejectedNamingBothVersions() throws IOException {
        byte[] bucket = golden("wire-v1-ysb-bucket.bin");
        BucketDecoder decoder = new BucketDecoder();
        assertFalse(decoder.wrap(bucket, 0, bucket.length));
        assertEquals(BucketProblem.MALFORMED, decoder.problem());
        assertEquals("wire format version 1; this reader knows version 2: run a generator and"
                + " a JOF of the same release", decoder.problemDetail());
    }

    private static byte[] golden(String name) throws IOException {
        try (InputStream in = GoldenBucketsTest.class.getResourceAsStream("/golden/" + name)) {
            return in.readAllBytes();
        }
    }
}
