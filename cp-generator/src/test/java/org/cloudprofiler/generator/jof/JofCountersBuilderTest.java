package org.cloudprofiler.generator.jof;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.RecordComponent;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Each setter of the test builder sets the counter of its own name, and no other. */
class JofCountersBuilderTest {

    @Test
    void everyCounterIsSetByItsOwnName() throws Exception {
        RecordComponent[] components = JofCounters.class.getRecordComponents();
        for (RecordComponent counter : components) {
            if (counter.getType() != long.class && counter.getType() != int.class) {
                continue;
            }
            JofCountersBuilder builder = new JofCountersBuilder();
            JofCountersBuilder.class.getMethod(counter.getName(), counter.getType())
                    .invoke(builder, counter.getType() == int.class ? (Object) 7 : (Object) 7L);
            JofCounters built = builder.build();
            for (RecordComponent other : components) {
                Object value = other.getAccessor().invoke(built);
                if (other == counter) {
                    assertEquals(7L, ((Number) value).longValue(), counter.getName());
                } else if (value instanceof Number number) {
                    assertEquals(0L, number.longValue(), counter.getName() + " set " + other);
                }
            }
        }
    }

    @Test
    void theRejectionsAreSetByName() {
        JofCounters built = new JofCountersBuilder()
                .rejectedByReason(Map.of(RejectReason.values()[0], 2L))
                .lastRejection("bad magic")
                .build();
        assertEquals(Map.of(RejectReason.values()[0], 2L), built.rejectedByReason());
        assertEquals("bad magic", built.lastRejection());
    }
}
