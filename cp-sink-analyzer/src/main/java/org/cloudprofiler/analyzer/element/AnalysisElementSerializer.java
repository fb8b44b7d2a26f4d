package org.cloudprofiler.analyzer.element;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.cloudprofiler.analyzer.element.AnalysisElement.Kind;
import org.cloudprofiler.analyzer.join.TupleEvents;

/**
 * Writes an {@link AnalysisElement} as a kind byte, the channel and only the fields its kind
 * uses: 21 bytes for an {@link Kind#ID} record, 12 more per record for a {@link Kind#TUPLE}.
 */
public final class AnalysisElementSerializer extends TypeSerializerSingleton<AnalysisElement> {

    private static final long serialVersionUID = 1L;

    /** The one instance; the serializer holds no state. */
    public static final AnalysisElementSerializer INSTANCE = new AnalysisElementSerializer();

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public AnalysisElement createInstance() {
        return new AnalysisElement();
    }

    @Override
    public AnalysisElement copy(AnalysisElement from) {
        return copy(from, new AnalysisElement());
    }

    @Override
    public AnalysisElement copy(AnalysisElement from, AnalysisElement reuse) {
        if (from.kind() == Kind.TUPLE) {
            return AnalysisElement.tuple(from.id(), from.events().copy());
        }
        reuse.set(from.kind(), from.channel(), from.id(), from.tsc(), from.count(), from.cpuNs(),
                from.payload());
        return reuse;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(AnalysisElement element, DataOutputView target) throws IOException {
        target.writeByte(element.kind().ordinal());
        target.writeInt(element.channel());
        switch (element.kind()) {
            case ID, FIRST_LAST -> {
                target.writeLong(element.id());
                target.writeLong(element.tsc());
            }
            case TUPLE -> {
                target.writeLong(element.id());
                TupleEvents events = element.events();
                // Most tuples have no lineage record: a flag rather than 8 bytes each.
                target.writeBoolean(events.rootId != TupleEvents.NO_ROOT);
                if (events.rootId != TupleEvents.NO_ROOT) {
                    target.writeLong(events.rootId);
                }
                target.writeInt(events.size);
                for (int i = 0; i < events.size; i++) {
                    target.writeInt(events.channels[i]);
                    target.writeLong(events.tscs[i]);
                }
            }
            case COUNT -> {
                target.writeLong(element.tsc());
                target.writeLong(element.count());
            }
            case LINEAGE -> {
                target.writeLong(element.id());
                target.writeLong(element.rootId());
            }
            case CPU -> {
                target.writeLong(element.tsc());
                target.writeLong(element.count());
                target.writeLong(element.cpuNs());
            }
            case PROGRESS -> {
                target.writeLong(element.id());
                target.writeLong(element.count());
            }
            case FILE_REPORT, HOP_STATISTICS -> {
                target.writeInt(element.payload().length);
                target.write(element.payload());
            }
            default -> throw new IllegalStateException("unknown kind " + element.kind());
        }
    }

    @Override
    public AnalysisElement deserialize(DataInputView source) throws IOException {
        return deserialize(new AnalysisElement(), source);
    }

    @Override
    public AnalysisElement deserialize(AnalysisElement reuse, DataInputView source)
            throws IOException {
        Kind kind = AnalysisElement.KINDS[source.readByte()];
        int channel = source.readInt();
        switch (kind) {
            case ID, FIRST_LAST -> reuse.set(kind, channel, source.readLong(), source.readLong(),
                    0, 0, null);
            case TUPLE -> {
                long id = source.readLong();
                TupleEvents events = new TupleEvents();
                events.rootId = source.readBoolean() ? source.readLong() : TupleEvents.NO_ROOT;
                int size = source.readInt();
                for (int i = 0; i < size; i++) {
                    events.add(source.readInt(), source.readLong());
                }
                return AnalysisElement.tuple(id, events);
            }
            case COUNT -> reuse.set(kind, channel, 0, source.readLong(), source.readLong(), 0,
                    null);
            case LINEAGE -> reuse.set(kind, channel, source.readLong(), 0, source.readLong(), 0,
                    null);
            case CPU -> reuse.set(kind, channel, 0, source.readLong(), source.readLong(),
                    source.readLong(), null);
            case PROGRESS -> reuse.set(kind, channel, source.readLong(), 0, source.readLong(), 0,
                    null);
            default -> {
                byte[] payload = new byte[source.readInt()];
                source.readFully(payload);
                reuse.set(kind, channel, 0, 0, 0, 0, payload);
            }
        }
        return reuse;
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        serialize(deserialize(source), target);
    }

    @Override
    public TypeSerializerSnapshot<AnalysisElement> snapshotConfiguration() {
        return new Snapshot();
    }

    /** The serializer has no configuration: any snapshot restores the singleton. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<AnalysisElement> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
