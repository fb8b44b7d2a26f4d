package org.cloudprofiler.flink.source.enumerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;
import org.cloudprofiler.flink.source.split.JofReceiverSplitSerializer;
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

    @Test
    void theSplitSerializersVersionFollowsTheCount() throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(serializer.serialize(new JofEnumeratorState(List.of(
                new JofReceiverSplit(0, "tcp://127.0.0.1:29000")))));

        assertEquals(1, bytes.getInt());
        assertEquals(JofReceiverSplitSerializer.INSTANCE.getVersion(), bytes.getInt());
    }

    @Test
    void splitsOfAnotherSplitSerializerVersionAreRefusedWithTheFix() throws IOException {
        byte[] bytes = serializer.serialize(new JofEnumeratorState(List.of(
                new JofReceiverSplit(0, "tcp://127.0.0.1:29000"))));
        ByteBuffer.wrap(bytes).putInt(Integer.BYTES,
                JofReceiverSplitSerializer.INSTANCE.getVersion() + 1);

        IOException refused = assertThrows(IOException.class,
                () -> serializer.deserialize(serializer.getVersion(), bytes));

        assertTrue(refused.getMessage().contains("JofReceiverSplit serializer version "
                + (JofReceiverSplitSerializer.INSTANCE.getVersion() + 1)), refused.getMessage());
        assertTrue(refused.getMessage().contains("start the job afresh"), refused.getMessage());
    }

    @Test
    void bytesAfterTheLastSplitAreRefused() throws IOException {
        byte[] state = serializer.serialize(new JofEnumeratorState(List.of(
                new JofReceiverSplit(0, "tcp://127.0.0.1:29000"))));
        byte[] trailing = Arrays.copyOf(state, state.length + 1);

        IOException refused = assertThrows(IOException.class,
                () -> serializer.deserialize(serializer.getVersion(), trailing));

        assertTrue(refused.getMessage().contains("1 bytes after its 1 splits"),
                refused.getMessage());
    }
}
