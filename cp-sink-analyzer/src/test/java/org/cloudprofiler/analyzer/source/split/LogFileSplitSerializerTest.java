package org.cloudprofiler.analyzer.source.split;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A split in a checkpoint: its channel, path and resume offset, in a versioned format. */
class LogFileSplitSerializerTest {

    private static final LogFileSplitSerializer SERIALIZER = LogFileSplitSerializer.INSTANCE;

    @Test
    void everyFieldSurvivesARoundTrip() throws IOException {
        LogFileSplit split = new LogFileSplit(7, "/logs/nœud-a/bolt/3/in.log", (1L << 40) + 5);

        LogFileSplit restored = SERIALIZER.deserialize(SERIALIZER.getVersion(),
                SERIALIZER.serialize(split));

        assertEquals(split, restored);
        assertEquals("7", restored.splitId());
    }

    @Test
    void theBytesAreTheChannelThePathAndTheOffsetBigEndian() throws IOException {
        byte[] path = "/l/a.log".getBytes(StandardCharsets.US_ASCII);
        ByteBuffer expected = ByteBuffer.allocate(4 + 2 + path.length + 8)
                .putInt(3).putShort((short) path.length).put(path).putLong(0x0102030405L);

        byte[] written = SERIALIZER.serialize(new LogFileSplit(3, "/l/a.log", 0x0102030405L));

        assertArrayEquals(expected.array(), written);
    }

    @Test
    void anOlderOrNewerVersionIsRefusedNamingIt() throws IOException {
        byte[] written = SERIALIZER.serialize(new LogFileSplit(0, "/l/a.log", 0));

        for (int version : new int[] {0, 2}) {
            IOException refused = assertThrows(IOException.class,
                    () -> SERIALIZER.deserialize(version, written));

            assertEquals("unknown split serializer version " + version, refused.getMessage());
        }
        assertEquals(1, SERIALIZER.getVersion());
    }
}
