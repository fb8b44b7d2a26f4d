package org.cloudprofiler.flink.source.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class JofReceiverSplitSerializerTest {
    private final JofReceiverSplitSerializer serializer = JofReceiverSplitSerializer.INSTANCE;

    @Test
    void aSplitComesBackAsItWasWritten() throws IOException {
        JofReceiverSplit split = new JofReceiverSplit(7, "tcp://10.0.0.3:29007");

        JofReceiverSplit read = serializer.deserialize(serializer.getVersion(),
                serializer.serialize(split));

        assertEquals(split, read);
        assertEquals("7", read.splitId());
    }

    @Test
    void anotherVersionIsRefusedWithTheFix() throws IOException {
        byte[] bytes = serializer.serialize(new JofReceiverSplit(0, "tcp://127.0.0.1:29000"));

        IOException refused = assertThrows(IOException.class,
                () -> serializer.deserialize(serializer.getVersion() + 1, bytes));

        assertTrue(refused.getMessage().contains("start the job afresh"), refused.getMessage());
    }
}
