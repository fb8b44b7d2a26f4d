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

/** The serializer of a profiled exchange: the ids in hand travel ahead of the record. */
class IdCarryingSerializerTest {

    @Test
    void theIdsInHandTravelAheadOfTheRecordAndLandInTheReadersRegister() throws Exception {
        IdCarryingSerializer<String> serializer =
                new IdCarryingSerializer<>(StringSerializer.INSTANCE);
        TupleIdRegister register = TupleIdRegister.ofThisThread();
        DataOutputSerializer out = new DataOutputSerializer(64);
        register.set(42, 9);
        serializer.serialize("first", out);
        register.set(TaskProbe.NO_ID);
        serializer.serialize("second", out);
        assertEquals(2 * (IdCarryingSerializer.IDS_BYTES + 1) + "first".length()
                + "second".length(), out.length(), "16 bytes ahead of each record");

        register.set(7);
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        assertEquals("first", serializer.deserialize(in));
        assertEquals(42, register.id());
        assertEquals(9, register.root());
        assertEquals("second", serializer.deserialize(in));
        assertEquals(TaskProbe.NO_ID, register.id());
        assertEquals(TaskProbe.NO_ID, register.root());
    }

    @Test
    void copyingBytesKeepsTheIds() throws Exception {
        IdCarryingSerializer<String> serializer =
                new IdCarryingSerializer<>(StringSerializer.INSTANCE);
        TupleIdRegister register = TupleIdRegister.ofThisThread();
        DataOutputSerializer out = new DataOutputSerializer(64);
        register.set(5, 3);
        serializer.serialize("value", out);
        DataOutputSerializer copy = new DataOutputSerializer(64);
        serializer.copy(new DataInputDeserializer(out.getCopyOfBuffer()), copy);

        register.set(0);
        assertEquals("value",
                serializer.deserialize(new DataInputDeserializer(copy.getCopyOfBuffer())));
        assertEquals(5, register.id());
        assertEquals(3, register.root());
    }

    @Test
    void aWrittenSnapshotRestoresTheSameSerializerCompatibleAsIs() throws Exception {
        IdCarryingSerializer<String> serializer =
                new IdCarryingSerializer<>(StringSerializer.INSTANCE);
        TypeSerializerSnapshot<String> snapshot = readBack(written(serializer));
        TypeSerializer<String> restored = snapshot.restoreSerializer();
        assertEquals(serializer, restored);
        TypeSerializerSchemaCompatibility<String> compatibility =
                serializer.snapshotConfiguration().resolveSchemaCompatibility(snapshot);
        assertTrue(compatibility.isCompatibleAsIs());
        assertEquals(StringSerializer.INSTANCE.getLength(), serializer.getLength());
    }

    @Test
    void aSnapshotOfTheIdOnlyLayoutIsIncompatible() throws Exception {
        IdCarryingSerializer<String> serializer =
                new IdCarryingSerializer<>(StringSerializer.INSTANCE);
        byte[] bytes = written(serializer);
        // The outer snapshot version follows the composite snapshot's magic number.
        bytes[4] = 0;
        bytes[5] = 0;
        bytes[6] = 0;
        bytes[7] = 1;
        TypeSerializerSchemaCompatibility<String> compatibility =
                serializer.snapshotConfiguration().resolveSchemaCompatibility(readBack(bytes));
        assertTrue(compatibility.isIncompatible());
    }

    private static byte[] written(IdCarryingSerializer<String> serializer) throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(128);
        serializer.snapshotConfiguration().writeSnapshot(out);
        return out.getCopyOfBuffer();
    }

    private static TypeSerializerSnapshot<String> readBack(byte[] bytes) throws Exception {
        IdCarryingSerializer.Snapshot<String> snapshot = new IdCarryingSerializer.Snapshot<>();
        snapshot.readSnapshot(snapshot.getCurrentVersion(), new DataInputDeserializer(bytes),
                IdCarryingSerializerTest.class.getClassLoader());
        return snapshot;
    }
}
