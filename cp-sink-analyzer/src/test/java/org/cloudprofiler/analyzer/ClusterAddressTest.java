package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --cluster host:port}, as given and as mistyped. */
class ClusterAddressTest {

    @Test
    void hostAndPortAreSplitAtTheLastColon() {
        assertEquals(new ClusterAddress("flink-jm.example", 8081),
                ClusterAddress.parse("flink-jm.example:8081"));
        assertEquals(new ClusterAddress("[::1]", 8081), ClusterAddress.parse("[::1]:8081"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "localhost:", ":8081", "localhost:http", "host:0",
        "host:65536", "host:-1"})
    void anythingElseIsRefusedNamingTheValueAndTheForm(String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterAddress.parse(value));
        assertTrue(e.getMessage().startsWith("--cluster \"" + value + "\" is not host:port."
                + " Fix: "), e.getMessage());
    }
}
