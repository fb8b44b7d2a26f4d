package org.cloudprofiler.flink.source.enumerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;
import org.junit.jupiter.api.Test;

class JofEnumeratorStateSerializerTest {
    private final JofEnumeratorStateSerializer serializer = JofEnumeratorStateSerializer.INSTANCE;

    @Test
    void aStateComesBackWithItsSplitsInOrder() throws IOException {
        JofEnumeratorState state = new JofEnumeratorState(List.of(
                new JofReceiverSplit(3, "tcp://127.0.0.1:29003"),
                new JofReceiverSplit(1, "tcp://127.0.0.1:29001")));

        assertEquals(state, serializer.deserialize(serializer.getVersion(),
                serializer.serialize(state)));
    }

    @Test
    void anEmptyStateComesBackEmpty() throws IOException {
        JofEnumeratorState empty = new JofEnumeratorState(List.of());

        assertEquals(empty, serializer.deserialize(serializer.getVersion(),
                serializer.serialize(empty)));
    }

    @Test
    void anotherVersionIsRefusedWithTheFix() throws IOException {
        byte[] bytes = serializer.serialize(new JofEnumeratorState(List.of()));

        IOException refused = assertThrows(IOException.class,
                () -> serializer.deserialize(serializer.getVersion() + 1, bytes));

        assertTrue(refused.getMessage().contains("start the job afresh"), refused.getMessage());
    }
}
