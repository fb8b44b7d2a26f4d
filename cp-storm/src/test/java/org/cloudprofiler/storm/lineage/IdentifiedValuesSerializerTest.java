package org.cloudprofiler.storm.lineage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.Utils;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.Test;

class IdentifiedValuesSerializerTest {

    private static final Map<String, Object> CONF = Utils.readDefaultConfig();

    private final IdentifiedValues.Finder finder = new IdentifiedValues.Finder();

    private static List<Object> roundTrip(List<Object> values) {
        byte[] bytes = new KryoValuesSerializer(CONF).serialize(values);
        return new KryoValuesDeserializer(CONF).deserialize(bytes);
    }

    @Test
    void storms_kryo_finds_the_registration_as_a_service() {
        assertTrue(IdentifiedValuesRegistration.inEffect(CONF));
    }

    @Test
    void a_fan_out_output_crosses_a_worker_with_its_id_and_root() {
        long child = MintedTupleIds.compose(7, 3, 12);
        List<Object> back = roundTrip(new IdentifiedValues(new Values("word", 4), child, 42));

        IdentifiedValues ids = IdentifiedValues.of(back, finder);
        assertNotNull(ids);
        assertEquals(child, ids.id());
        assertEquals(42, ids.root());
        assertEquals(List.of("word", 4), back);
    }

    @Test
    void a_source_record_crosses_with_its_id_as_its_root() {
        List<Object> back = roundTrip(new IdentifiedValues(new Values("sentence"), 9, 9));

        IdentifiedValues ids = IdentifiedValues.of(back, finder);
        assertEquals(9, ids.id());
        assertEquals(9, ids.root());
    }

    @Test
    void ids_are_found_through_the_unmodifiable_list_of_local_mode() {
        IdentifiedValues identified = new IdentifiedValues(new Values("a", "b"), -5, 3);
        List<Object> wrapped = Collections.unmodifiableList(identified);

        assertEquals(identified, IdentifiedValues.of(wrapped, finder));
        IdentifiedValues back = IdentifiedValues.of(roundTrip(wrapped), finder);
        assertEquals(-5, back.id());
        assertEquals(3, back.root());
    }

    @Test
    void values_without_ids_cross_unchanged_and_carry_none() {
        List<Object> plain = new ArrayList<>(List.of("x", 1L, 2.5));
        List<Object> back = roundTrip(plain);

        assertEquals(plain, back);
        assertNull(IdentifiedValues.of(back, finder));
        assertNull(IdentifiedValues.of(plain, finder));
    }

    @Test
    void a_received_tuples_values_stay_as_changeable_as_storm_made_them() {
        List<Object> back = roundTrip(new IdentifiedValues(new Values("a"), 1, 1));

        back.set(0, "b");
        back.add("c");
        back.remove(0);
        assertEquals(List.of("c"), back);
        assertEquals(1, IdentifiedValues.of(back, finder).id());
    }

    @Test
    void the_user_sees_a_list_equal_to_the_one_emitted() {
        Values emitted = new Values("a", 1);
        IdentifiedValues identified = new IdentifiedValues(emitted, 1, 1);

        assertEquals(emitted, identified);
        assertEquals(identified, emitted);
        assertEquals(emitted.hashCode(), identified.hashCode());
        assertEquals(2, identified.size());
    }
}
