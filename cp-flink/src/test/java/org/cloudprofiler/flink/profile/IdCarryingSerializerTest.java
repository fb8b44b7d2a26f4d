package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.cloudprofiler.probe.TaskProbe;
import org.junit.jupiter.api.Test;

/** The serializer of a profiled exchange: the id in hand travels ahead of the record. */
class IdCarryingSerializerTest {

    @Test
    void theIdInHandTravelsAheadOfTheRecordAndLandsInTheReadersRegister() throws Exception {
        IdCarryingSerializer<String> serializer =
                new IdCarryingSerializer<>(StringSerializer.INSTANCE);
        TupleIdRegister register = TupleIdRegister.ofThisThread();
        DataOutputSerializer out = new DataOutputSerializer(64);
        register.set(42);
        serializer.serialize("first", out);
        register.set(TaskProbe.NO_ID);
        serializer.serialize("second", out);

        register.set(7);
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        assertEquals("first", serializer.deserialize(in));
        assertEquals(42, register.id());
        assertEquals("second", serializer.deserialize(in));
        assertEquals(TaskProbe.NO_ID, register.id());
    }

    @Test
    void copyingBytesKeepsTheId() throws Exception {
        IdCarryingSerializer<String> serializer =
                new IdCarryingSerializer<>(StringSerializer.INSTANCE);
        TupleIdRegister register = TupleIdRegister.ofThisThread();
        DataOutputSerializer out = new DataOutputSerializer(64);
        register.set(5);
        serializer.serialize("value", out);
        DataOutputSerializer copy = new DataOutputSerializer(64);
        serializer.copy(new DataInputDeserializer(out.getCopyOfBuffer()), copy);

        register.set(0);
        assertEquals("value",
                serializer.deserialize(new DataInputDeserializer(copy.getCopyOfBuffer())));
        assertEquals(5, register.id());
    }

    @Test
    void aSnapshotRestoresTheSameSerializer() {
        IdCarryingSerializer<String> serializer =
                new IdCarryingSerializer<>(StringSerializer.INSTANCE);
        TypeSerializerSnapshot<String> snapshot = serializer.snapshotConfiguration();
        TypeSerializer<String> restored = snapshot.restoreSerializer();
        assertEquals(serializer, restored);
        TypeSerializerSchemaCompatibility<String> compatibility =
                serializer.snapshotConfiguration().resolveSchemaCompatibility(snapshot);
        assertTrue(compatibility.isCompatibleAsIs());
        assertEquals(StringSerializer.INSTANCE.getLength(), serializer.getLength());
    }
}
