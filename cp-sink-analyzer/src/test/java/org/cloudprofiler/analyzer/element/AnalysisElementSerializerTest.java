package org.cloudprofiler.analyzer.element;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.api.common.typeutils.SerializerTestBase;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.testutils.DeeplyEqualsChecker;
import org.cloudprofiler.analyzer.element.AnalysisElement.Kind;
import org.cloudprofiler.analyzer.join.TupleEvents;
import org.junit.jupiter.api.Test;

/**
 * Every kind of element survives the serializer with the fields its kind uses, in the bytes the
 * class comment promises; Flink's serializer contract (copies, reuse, snapshot) holds.
 */
class AnalysisElementSerializerTest extends SerializerTestBase<AnalysisElement> {

    private static final AnalysisElementSerializer SERIALIZER = AnalysisElementSerializer.INSTANCE;

    AnalysisElementSerializerTest() {
        super(new DeeplyEqualsChecker().withCustomCheck(
                (a, b) -> a instanceof AnalysisElement && b instanceof AnalysisElement,
                (a, b, checker) -> fields((AnalysisElement) a)
                        .equals(fields((AnalysisElement) b))));
    }

    /**
     * Every field the element's kind uses, in words: AnalysisElement has no equals, and its
     * records are compared by value.
     */
    private static String fields(AnalysisElement element) {
        TupleEvents events = element.events();
        return element + " payload " + Arrays.toString(element.payload()) + " records "
                + (events == null ? "none" : Arrays.toString(Arrays.copyOf(events.channels,
                        events.size)) + " " + Arrays.toString(Arrays.copyOf(events.tscs,
                                events.size)) + " root " + events.rootId);
    }

    @Override
    protected TypeSerializer<AnalysisElement> createSerializer() {
        return SERIALIZER;
    }

    @Override
    protected int getLength() {
        return -1;
    }

    @Override
    protected Class<AnalysisElement> getTypeClass() {
        return AnalysisElement.class;
    }

    /** One element of every kind, with every field its kind uses set and distinct. */
    @Override
    protected AnalysisElement[] getTestData() {
        return new AnalysisElement[] {AnalysisElement.idRecord(1, 42, 1000),
            AnalysisElement.tuple(42, events(3, 300, 7, -5, 3, Long.MAX_VALUE)),
            AnalysisElement.tuple(43, new TupleEvents()), AnalysisElement.firstLast(2, -1, 77),
            AnalysisElement.count(3, 88, 9), AnalysisElement.cpu(4, 99, 10, 12345),
            AnalysisElement.progress(5, 4096, 512),
            AnalysisElement.payload(Kind.FILE_REPORT, 6, new byte[] {1, 2, 3}),
            AnalysisElement.payload(Kind.HOP_STATISTICS, -1, new byte[0]),
            AnalysisElement.lineage(7, Long.MIN_VALUE + 5, 44),
            AnalysisElement.tuple(Long.MIN_VALUE + 6, rooted(events(1, 10), 44))};
    }

    private static TupleEvents rooted(TupleEvents events, long rootId) {
        events.rootId = rootId;
        return events;
    }

    private static TupleEvents events(long... channelsAndTscs) {
        TupleEvents events = new TupleEvents();
        for (int i = 0; i < channelsAndTscs.length; i += 2) {
            events.add((int) channelsAndTscs[i], channelsAndTscs[i + 1]);
        }
        return events;
    }

    private static byte[] serialized(AnalysisElement element) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        SERIALIZER.serialize(element, out);
        return out.getCopyOfBuffer();
    }

    @Test
    void roundTripsEveryKindInOneStream() throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        for (AnalysisElement element : getTestData()) {
            SERIALIZER.serialize(element, out);
        }
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        for (AnalysisElement expected : getTestData()) {
            assertEquals(fields(expected), fields(SERIALIZER.deserialize(in)));
        }
        assertEquals(0, in.available());
    }

    @Test
    void anIdRecordTakesTwentyOneBytesAndEachTupleRecordTwelveMore() throws IOException {
        assertArrayEquals(new byte[] {0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 42, 0, 0, 0, 0, 0, 0,
            3, (byte) 0xe8}, serialized(AnalysisElement.idRecord(1, 42, 1000)));
        // Kind, channel, id, whether a root follows, record count; then the records.
        assertEquals(1 + 4 + 8 + 1 + 4, serialized(AnalysisElement.tuple(9, events())).length);
        assertEquals(1 + 4 + 8 + 1 + 4 + 2 * 12,
                serialized(AnalysisElement.tuple(9, events(1, 1, 2, 2))).length);
    }

    @Test
    void aCopiedTupleKeepsNoEventsOfItsOriginal() {
        AnalysisElement original = AnalysisElement.tuple(8, events(1, 100));

        AnalysisElement copy = SERIALIZER.copy(original, SERIALIZER.createInstance());
        original.events().add(2, 200);
        original.events().tscs[0] = -1;

        assertNotSame(original.events(), copy.events());
        assertEquals(1, copy.events().size);
        assertEquals(100, copy.events().tscs[0]);
    }

    @Test
    void copyingIntoAReusedElementLeavesNoFieldOfItsLastKind() {
        AnalysisElement reuse = AnalysisElement.cpu(4, 99, 10, 12345);

        AnalysisElement copy = SERIALIZER.copy(AnalysisElement.idRecord(1, 42, 1000), reuse);

        assertSame(reuse, copy);
        assertEquals("ID{channel=1, id=42, tsc=1000, count=0, cpuNs=0}", copy.toString());
    }

    @Test
    void aRestoredSnapshotIsCompatibleAsIsAndRestoresTheSingleton() throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        TypeSerializerSnapshot.writeVersionedSnapshot(out, SERIALIZER.snapshotConfiguration());
        TypeSerializerSnapshot<AnalysisElement> restored = TypeSerializerSnapshot
                .readVersionedSnapshot(new DataInputDeserializer(out.getCopyOfBuffer()),
                        getClass().getClassLoader());

        TypeSerializerSchemaCompatibility<AnalysisElement> compatibility = SERIALIZER
                .snapshotConfiguration().resolveSchemaCompatibility(restored);

        assertTrue(compatibility.isCompatibleAsIs(), compatibility::toString);
        assertSame(SERIALIZER, restored.restoreSerializer());
    }

    @Test
    void aSnapshotOfAnotherSerializerIsIncompatible() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        TypeSerializerSnapshot<AnalysisElement> longs = (TypeSerializerSnapshot)
                LongSerializer.INSTANCE.snapshotConfiguration();

        TypeSerializerSchemaCompatibility<AnalysisElement> compatibility = SERIALIZER
                .snapshotConfiguration().resolveSchemaCompatibility(longs);

        assertTrue(compatibility.isIncompatible(), compatibility::toString);
    }
}
