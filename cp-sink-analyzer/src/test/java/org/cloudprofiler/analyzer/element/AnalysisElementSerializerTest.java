package org.cloudprofiler.analyzer.element;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.cloudprofiler.analyzer.element.AnalysisElement.Kind;
import org.cloudprofiler.analyzer.join.TupleEvents;
import org.junit.jupiter.api.Test;

/** Every kind of element survives the serializer with the fields its kind uses. */
class AnalysisElementSerializerTest {

    @Test
    void roundTripsEveryKind() throws IOException {
        TupleEvents events = new TupleEvents();
        events.add(3, 300);
        events.add(7, -5);
        List<AnalysisElement> elements = List.of(AnalysisElement.idRecord(1, 42, 1000),
                AnalysisElement.tuple(42, events), AnalysisElement.firstLast(2, -1, 77),
                AnalysisElement.count(3, 88, 9), AnalysisElement.cpu(4, 99, 10, 12345),
                AnalysisElement.progress(5, 4096, 512),
                AnalysisElement.payload(Kind.FILE_REPORT, 6, new byte[] {1, 2, 3}),
                AnalysisElement.payload(Kind.HOP_STATISTICS, -1, new byte[0]));
        DataOutputSerializer out = new DataOutputSerializer(64);
        for (AnalysisElement element : elements) {
            AnalysisElementSerializer.INSTANCE.serialize(element, out);
        }
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        for (AnalysisElement expected : elements) {
            AnalysisElement actual = AnalysisElementSerializer.INSTANCE.deserialize(in);
            assertEquals(expected.toString(), actual.toString());
            if (expected.kind() == Kind.TUPLE) {
                assertEquals(2, actual.events().size);
                assertArrayEquals(new long[] {300, -5},
                        java.util.Arrays.copyOf(actual.events().tscs, 2));
            }
            if (expected.payload() != null) {
                assertArrayEquals(expected.payload(), actual.payload());
            }
        }
        assertEquals(0, in.available());
    }
}
