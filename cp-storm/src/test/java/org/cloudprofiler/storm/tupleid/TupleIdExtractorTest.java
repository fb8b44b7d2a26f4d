package org.cloudprofiler.storm.tupleid;

import static org.cloudprofiler.storm.tupleid.TupleIdExtractor.NO_ID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.apache.storm.tuple.Fields;
import org.cloudprofiler.config.CpSettings;
import org.junit.jupiter.api.Test;

/** Finding tuple ids: the configured field, partition and offset, and tuples without one. */
class TupleIdExtractorTest {

    private static final Fields KAFKA = new Fields("topic", "partition", "offset", "key", "value");

    @Test
    void theDefaultIsTheOffsetFieldInAnyNumericType() {
        TupleIdExtractor ids = TupleIdExtractor.fromSettings(CpSettings.defaults());
        assertEquals(42L, ids.idOf(KAFKA, List.of("t", 0, 42L, "k", "v")));
        assertEquals(7L, ids.idOf(new Fields("offset"), List.of(7)));
        assertEquals(-3L, ids.idOf(new Fields("offset"), List.of((short) -3)));
    }

    @Test
    void aTupleWithoutAUsableIdHasNone() {
        TupleIdExtractor ids = new FieldTupleIdExtractor("offset");
        assertEquals(NO_ID, ids.idOf(new Fields("word"), List.of("w")));
        assertEquals(NO_ID, ids.idOf(new Fields("offset"), List.of("12")));
        assertEquals(NO_ID, ids.idOf(new Fields("offset"), Arrays.asList((Object) null)));
        assertEquals(NO_ID, ids.idOf(null, List.of(1L)));
    }

    @Test
    void aConfiguredFieldNameIsUsed() {
        TupleIdExtractor ids = TupleIdExtractor.fromSettings(
                CpSettings.from(Map.of("cloudprofiler.tuple-id.field", "eventId")));
        assertEquals(5L, ids.idOf(new Fields("eventId", "offset"), List.of(5L, 9L)));
    }

    @Test
    void partitionAndOffsetShareTheIdSoPartitionsDoNotCollide() {
        TupleIdExtractor ids = TupleIdExtractor.fromSettings(CpSettings.from(
                Map.of("cloudprofiler.tuple-id.partition-field", "partition")));
        assertInstanceOf(PartitionOffsetTupleIdExtractor.class, ids);
        assertEquals(42L, ids.idOf(KAFKA, List.of("t", 0, 42L, "k", "v")));
        assertEquals(3L << 48 | 42L, ids.idOf(KAFKA, List.of("t", 3, 42L, "k", "v")));
        assertEquals(NO_ID, ids.idOf(new Fields("offset"), List.of(42L)));
    }

    @Test
    void partitionsAndOffsetsBeyondTheirBitsHaveNoId() {
        assertEquals(32_767L << 48 | (1L << 48) - 1,
                PartitionOffsetTupleIdExtractor.id(32_767, (1L << 48) - 1));
        assertEquals(NO_ID, PartitionOffsetTupleIdExtractor.id(32_768, 0));
        assertEquals(NO_ID, PartitionOffsetTupleIdExtractor.id(0, 1L << 48));
        assertEquals(NO_ID, PartitionOffsetTupleIdExtractor.id(-1, 0));
        assertEquals(NO_ID, PartitionOffsetTupleIdExtractor.id(0, -1));
    }
}
