package org.cloudprofiler.generator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The golden files of wire format v2, built here from the spec (and the YSB event with Kryo's
 * own Output); the C++ writers must produce them byte for byte (golden_files_test.cpp).
 * Regenerate, after a deliberate format change only, with
 * {@code -Dcloudprofiler.golden.write=true}.
 */
class GoldenWireFilesTest {
    private static final Path DIRECTORY =
            Path.of(System.getProperty("cloudprofiler.golden.dir", "src/test/resources/golden"));

    /** Sender 1 of 3, sequence 7, id base 1000, preloaded payloads "golden" and "bucket!". */
    static byte[] preloadedBucket() {
        List<String> payloads = List.of("golden", "bucket!");
        ByteBuffer body = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < 3; k++) {
            int tupleIndex = k * 3 + 1;
            byte[] payload = payloads.get(tupleIndex % 2).getBytes(StandardCharsets.US_ASCII);
            body.putLong(1000 + tupleIndex).putInt(payload.length).put(payload);
        }
        return bucket(0, 2, 7, 3, body);
    }

    /** The marker that sender would send next: 3 tuples in 1 bucket sent, 5 dropped. */
    static byte[] marker() {
        ByteBuffer body = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        body.putLong(3).putLong(1).putLong(5);
        return bucket(1, 2, 8, 0, body);
    }

    static KryoAdEventReader goldenEvent() {
        return new KryoAdEventReader("3f0c6a2e-5b1d-4c7a-9e8f-1a2b3c4d5e6f",
                "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d", "0f8e3b52-1c5d-4a7e-9b21-7d3c2e1f4a60",
                "sponsored-search", "view", 1_767_225_600_123L, "10.0.0.1");
    }

    private static byte[] bucket(int flags, int payloadClass, long sequence, int tuples,
            ByteBuffer body) {
        ByteBuffer out = ByteBuffer.allocate(32 + body.position()).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(ReceivedBucket.MAGIC).putShort((short) 2).putShort((short) flags)
                .putInt(payloadClass).putShort((short) 1).putShort((short) 3).putLong(sequence)
                .putInt(tuples).putInt(body.position());
        out.put(body.array(), 0, body.position());
        return out.array();
    }

    private static void checkOrWrite(String name, byte[] expected) throws IOException {
        Path file = DIRECTORY.resolve(name);
        if (Boolean.getBoolean("cloudprofiler.golden.write")) {
            Files.write(file, expected);
        }
        assertArrayEquals(expected, Files.readAllBytes(file), name);
    }

    @Test
    void theFilesAreWhatTheSpecSays() throws IOException {
        checkOrWrite("bucket-preloaded.cpgb", preloadedBucket());
        checkOrWrite("marker.cpgb", marker());
        checkOrWrite("ysb-ad-event.kryo", goldenEvent().write());
    }

    @Test
    void theFilesReadBackAsTheirRecipesSay() throws IOException {
        ReceivedBucket bucket = ReceivedBucket.parse(
                Files.readAllBytes(DIRECTORY.resolve("bucket-preloaded.cpgb")));
        assertEquals(List.of(1001L, 1004L, 1007L), bucket.ids());
        assertEquals(List.of("bucket!", "golden", "bucket!"), bucket.payloads().stream()
                .map(bytes -> new String(bytes, StandardCharsets.US_ASCII)).toList());
        ReceivedBucket marker =
                ReceivedBucket.parse(Files.readAllBytes(DIRECTORY.resolve("marker.cpgb")));
        assertEquals(8, marker.sequence());
        assertEquals(List.of(3L, 1L, 5L), List.of(marker.markerTuplesSent(),
                marker.markerBucketsSent(), marker.markerTuplesDropped()));
        assertEquals(goldenEvent(), KryoAdEventReader.read(
                Files.readAllBytes(DIRECTORY.resolve("ysb-ad-event.kryo"))));
    }
}
