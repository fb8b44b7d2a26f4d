package org.cloudprofiler.storm.lineage;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.apache.storm.utils.ListDelegate;

/**
 * Writes a tuple's values as the worker's configured serializer does ({@code
 * topology.tuple.serializer}, Storm's {@code ListDelegateSerializer} by default), preceded by the
 * ids they carry: one byte saying which, then the id and, for a tuple that is not a source record,
 * its root. So ids cross workers beside the values, and a tuple that carries none costs one byte.
 * Used by one thread, as Kryo is.
 */
final class IdentifiedValuesSerializer extends Serializer<ListDelegate> {

    private static final byte NO_IDS = 0;
    /** A source record: its root is its id. */
    private static final byte ID = 1;
    private static final byte ID_AND_ROOT = 2;

    private final Serializer<ListDelegate> values;
    private final IdentifiedValues.Finder finder = new IdentifiedValues.Finder();

    /** Adds the ids to what {@code values}, the serializer Storm configured, writes. */
    IdentifiedValuesSerializer(Serializer<ListDelegate> values) {
        this.values = values;
    }

    @Override
    public void write(Kryo kryo, Output output, ListDelegate tuple) {
        IdentifiedValues ids = IdentifiedValues.of(tuple.getDelegate(), finder);
        if (ids == null) {
            output.writeByte(NO_IDS);
        } else if (ids.id() == ids.root()) {
            output.writeByte(ID);
            output.writeLong(ids.id());
        } else {
            output.writeByte(ID_AND_ROOT);
            output.writeLong(ids.id());
            output.writeLong(ids.root());
        }
        values.write(kryo, output, tuple);
    }

    @Override
    public ListDelegate read(Kryo kryo, Input input, Class<? extends ListDelegate> type) {
        byte kind = input.readByte();
        long id = 0;
        long root = 0;
        switch (kind) {
            case NO_IDS -> { }
            case ID -> {
                id = input.readLong();
                root = id;
            }
            case ID_AND_ROOT -> {
                id = input.readLong();
                root = input.readLong();
            }
            default -> throw new KryoException("tuple ids of unknown kind " + kind
                    + ": every worker of a topology must run the same cp-storm");
        }
        ListDelegate tuple = values.read(kryo, input, type);
        if (kind != NO_IDS) {
            tuple.setDelegate(new IdentifiedValues(tuple.getDelegate(), id, root));
        }
        return tuple;
    }
}
