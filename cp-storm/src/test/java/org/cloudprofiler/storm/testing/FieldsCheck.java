package org.cloudprofiler.storm.testing;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.storm.tuple.Tuple;

/**
 * Records, for the test to assert on, every tuple a user's bolt received whose fields or values
 * were not exactly those its upstream declared and emitted. Any thread.
 */
public final class FieldsCheck {

    private static final ConcurrentLinkedQueue<String> MISMATCHES =
            new ConcurrentLinkedQueue<>();

    private FieldsCheck() {}

    /** Records {@code input} if its fields are not {@code fields} or its values not as many. */
    public static void expect(Tuple input, List<String> fields) {
        if (!input.getFields().toList().equals(fields)
                || input.getValues().size() != fields.size()
                || input.size() != fields.size()) {
            MISMATCHES.add(input.getFields() + " " + input.getValues());
        }
    }

    /** What was recorded in this JVM so far. */
    public static List<String> mismatches() {
        return List.copyOf(MISMATCHES);
    }
}
