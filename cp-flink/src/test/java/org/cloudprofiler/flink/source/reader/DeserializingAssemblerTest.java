package org.cloudprofiler.flink.source.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.util.Collector;
import org.cloudprofiler.flink.source.JofRecord;
import org.cloudprofiler.flink.source.JofRecordDeserializationSchema;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;
import org.junit.jupiter.api.Test;

/**
 * A tuple becomes, through the receiver's assembler and then the emitter, exactly the records
 * the deserialization schema collected for it: none, one or several, in order.
 */
class DeserializingAssemblerTest {
    private static final JofReceiverSplit SPLIT = new JofReceiverSplit(3, "tcp://127.0.0.1:1");

    @Test
    void aTupleBecomesTheRecordsTheSchemaCollectedInOrder() throws Exception {
        DeserializingAssembler<String> assembler =
                new DeserializingAssembler<>(new RepeatsByTupleId(), SPLIT.receiver(), false);

        assertEquals(List.of(), emitted(assembler.assemble(0, 0, "x")));
        assertNull(assembler.assemble(0, 0, "x"), "no record is handed over as null");
        assertEquals(List.of("3/1/1#0"), emitted(assembler.assemble(1, 1, "x")));
        assertEquals(List.of("3/0/3#0", "3/0/3#1", "3/0/3#2"),
                emitted(assembler.assemble(0, 3, "x")));
    }

    @Test
    void aSchemaThatThrowsFailsTheTupleUnchecked() {
        DeserializingAssembler<String> assembler =
                new DeserializingAssembler<>(new Misbehaving(false), SPLIT.receiver(), false);

        assertThrows(UncheckedIOException.class, () -> assembler.assemble(0, 0, "x"));
    }

    @Test
    void aSchemaThatCollectsNullIsToldToCollectNothing() {
        DeserializingAssembler<String> assembler =
                new DeserializingAssembler<>(new Misbehaving(true), SPLIT.receiver(), false);

        assertThrows(NullPointerException.class, () -> assembler.assemble(0, 0, "x"));
    }

    /** What the emitter emits for what a receiver handed over; null is never handed on. */
    private static List<String> emitted(Object handedOver) throws Exception {
        List<String> out = new ArrayList<>();
        if (handedOver != null) {
            new JofRecordEmitter<String>().emitRecord(handedOver, new Recording(out), SPLIT);
        }
        return out;
    }

    /** Collects {@code "receiver/sender/tupleId#i"} for i from 0 to {@code tupleId - 1}. */
    static final class RepeatsByTupleId implements JofRecordDeserializationSchema<String> {
        private static final long serialVersionUID = 1L;

        @Override
        public void deserialize(JofRecord record, Collector<String> out) {
            for (long i = 0; i < record.tupleId(); i++) {
                out.collect(record.receiver() + "/" + record.senderIndex() + "/"
                        + record.tupleId() + "#" + i);
            }
        }

        @Override
        public TypeInformation<String> getProducedType() {
            return Types.STRING;
        }
    }

    /** Throws, or collects null where {@code collectsNull}. */
    record Misbehaving(boolean collectsNull) implements JofRecordDeserializationSchema<String> {
        @Override
        public void deserialize(JofRecord record, Collector<String> out) throws IOException {
            if (collectsNull) {
                out.collect(null);
            } else {
                throw new IOException("not a record");
            }
        }

        @Override
        public TypeInformation<String> getProducedType() {
            return Types.STRING;
        }
    }

    /** Keeps what is collected. */
    private record Recording(List<String> out) implements SourceOutput<String> {
        @Override
        public void collect(String record) {
            out.add(record);
        }

        @Override
        public void collect(String record, long timestamp) {
            out.add(record);
        }

        @Override
        public void emitWatermark(Watermark watermark) {}

        @Override
        public void markIdle() {}

        @Override
        public void markActive() {}
    }
}
