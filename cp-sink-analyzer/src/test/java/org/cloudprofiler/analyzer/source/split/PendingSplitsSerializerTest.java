package org.cloudprofiler.analyzer.source.split;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The enumerator's checkpoint: the splits not yet assigned, in order, versioned. */
class PendingSplitsSerializerTest {

    private static final PendingSplitsSerializer SERIALIZER = PendingSplitsSerializer.INSTANCE;

    @Test
    void everySplitSurvivesInItsOrder() throws IOException {
        List<LogFileSplit> pending = List.of(new LogFileSplit(5, "/logs/sink/4/in.log", 0),
                new LogFileSplit(0, "/logs/spout/1/in.log", 123_456_789_012L),
                new LogFileSplit(2, "", Long.MAX_VALUE));

        List<LogFileSplit> restored = SERIALIZER.deserialize(SERIALIZER.getVersion(),
                SERIALIZER.serialize(pending));

        assertEquals(pending, restored);
    }

    @Test
    void noPendingSplitIsAnEmptyList() throws IOException {
        assertEquals(List.of(), SERIALIZER.deserialize(SERIALIZER.getVersion(),
                SERIALIZER.serialize(List.of())));
    }

    @Test
    void theCountComesFirstThenEachSplitAsTheSplitSerializerWritesIt() throws IOException {
        LogFileSplit first = new LogFileSplit(9, "/logs/b.log", 77);
        LogFileSplit second = new LogFileSplit(1, "/logs/c.log", 0);
        byte[] firstAlone = LogFileSplitSerializer.INSTANCE.serialize(first);
        byte[] secondAlone = LogFileSplitSerializer.INSTANCE.serialize(second);
        ByteBuffer expected = ByteBuffer.allocate(4 + firstAlone.length + secondAlone.length)
                .putInt(2).put(firstAlone).put(secondAlone);

        assertArrayEquals(expected.array(), SERIALIZER.serialize(List.of(first, second)));
    }

    @Test
    void anOlderOrNewerVersionIsRefusedNamingIt() throws IOException {
        byte[] written = SERIALIZER.serialize(List.of(new LogFileSplit(0, "/l/a.log", 0)));

        for (int version : new int[] {0, 2}) {
            IOException refused = assertThrows(IOException.class,
                    () -> SERIALIZER.deserialize(version, written));

            assertEquals("unknown pending-splits serializer version " + version,
                    refused.getMessage());
        }
    }
}
