package org.cloudprofiler.flink.profile;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.CompositeTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * The serializer of a profiled network exchange: writes the ids of the record in hand (the task
 * thread's {@link TupleIdRegister}: its id, then its root) as 16 bytes ahead of the record, and
 * on the receiving side puts the ids it reads back into that thread's register, so the
 * downstream operator logs the same ids without the user's types carrying them. Set on both
 * ends of every exchange whose producers and consumers are all profiled; the user's serializer
 * does the rest.
 *
 * <p>Like any serializer instance, used by one thread at a time; the register is looked up again
 * when the thread changes.
 */
public final class IdCarryingSerializer<T> extends TypeSerializer<T> {
    private static final long serialVersionUID = 1L;
    /** The bytes ahead of each record: its id and its root. */
    static final int IDS_BYTES = 2 * Long.BYTES;

    private final TypeSerializer<T> records;
    private transient TupleIdRegister register;

    public IdCarryingSerializer(TypeSerializer<T> records) {
        this.records = records;
    }

    /** The user's serializer of the records. */
    public TypeSerializer<T> records() {
        return records;
    }

    private TupleIdRegister register() {
        TupleIdRegister current = register;
        if (current == null || !current.ownedByThisThread()) {
            current = TupleIdRegister.ofThisThread();
            register = current;
        }
        return current;
    }

    @Override
    public void serialize(T record, DataOutputView target) throws IOException {
        TupleIdRegister ids = register();
        target.writeLong(ids.id());
        target.writeLong(ids.root());
        records.serialize(record, target);
    }

    @Override
    public T deserialize(DataInputView source) throws IOException {
        readIds(source);
        return records.deserialize(source);
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        readIds(source);
        return records.deserialize(reuse, source);
    }

    private void readIds(DataInputView source) throws IOException {
        long id = source.readLong();
        register().set(id, source.readLong());
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, IDS_BYTES);
        records.copy(source, target);
    }

    @Override
    public boolean isImmutableType() {
        return records.isImmutableType();
    }

    @Override
    public TypeSerializer<T> duplicate() {
        TypeSerializer<T> duplicate = records.duplicate();
        return duplicate == records ? this : new IdCarryingSerializer<>(duplicate);
    }

    @Override
    public T createInstance() {
        return records.createInstance();
    }

    @Override
    public T copy(T from) {
        return records.copy(from);
    }

    @Override
    public T copy(T from, T reuse) {
        return records.copy(from, reuse);
    }

    @Override
    public int getLength() {
        int length = records.getLength();
        return length < 0 ? length : length + IDS_BYTES;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof IdCarryingSerializer<?> that && records.equals(that.records);
    }

    @Override
    public int hashCode() {
        return 31 * records.hashCode() + 1;
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new Snapshot<>(this);
    }

    /**
     * The snapshot of an id-carrying serializer: the user's serializer's, nested. Version 1 wrote
     * the id alone ahead of each record (8 bytes), version 2 the id and the root: data written
     * under version 1 cannot be read, so such a snapshot is incompatible.
     */
    public static final class Snapshot<T>
            extends CompositeTypeSerializerSnapshot<T, IdCarryingSerializer<T>> {

        private static final int VERSION = 2;
        /** The version of the layout the serializer this snapshot was read from wrote. */
        private int layoutVersion = VERSION;

        /** For reading a snapshot. */
        public Snapshot() {}

        Snapshot(IdCarryingSerializer<T> serializer) {
            super(serializer);
        }

        @Override
        protected int getCurrentOuterSnapshotVersion() {
            return VERSION;
        }

        @Override
        protected void readOuterSnapshot(int readOuterSnapshotVersion, DataInputView in,
                ClassLoader userCodeClassLoader) {
            layoutVersion = readOuterSnapshotVersion;
        }

        @Override
        protected OuterSchemaCompatibility resolveOuterSchemaCompatibility(
                TypeSerializerSnapshot<T> oldSerializerSnapshot) {
            return oldSerializerSnapshot instanceof Snapshot<T> old
                    && old.layoutVersion == VERSION
                    ? OuterSchemaCompatibility.COMPATIBLE_AS_IS
                    : OuterSchemaCompatibility.INCOMPATIBLE;
        }

        @Override
        protected TypeSerializer<?>[] getNestedSerializers(IdCarryingSerializer<T> outer) {
            return new TypeSerializer<?>[] {outer.records};
        }

        @Override
        @SuppressWarnings("unchecked") // The one nested serializer is the records'.
        protected IdCarryingSerializer<T> createOuterSerializerWithNestedSerializers(
                TypeSerializer<?>[] nested) {
            return new IdCarryingSerializer<>((TypeSerializer<T>) nested[0]);
        }
    }
}
