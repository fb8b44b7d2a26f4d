package org.cloudprofiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.internal.NativeCallsProperty;
import org.cloudprofiler.testing.ChildJvm;
import org.cloudprofiler.testing.NativeCallRouteChild;
import org.junit.jupiter.api.Test;

/**
 * The per-record native calls take FFM downcalls on JDK 22 and later where the JVM grants the
 * library native access, and JNI otherwise, without a word from the JVM about FFM. Maven runs
 * this class on JDK 17 and again on the JDK of the FFM route, with native access, from the
 * multi-release jar; each execution names the route it expects in
 * {@value #EXPECTED_ROUTE_PROPERTY}.
 */
class NativeCallRouteTest {
    private static final String EXPECTED_ROUTE_PROPERTY = "cloudprofiler.test.expectedRoute";
    private static final long CHILD_TIMEOUT_MS = 60_000;

    @Test
    void theCallsTakeTheRouteThisJvmAllows() {
        String expected = System.getProperty(EXPECTED_ROUTE_PROPERTY);
        assertNotNull(expected, "run through Maven, which sets -D" + EXPECTED_ROUTE_PROPERTY);
        assertEquals(NativeCallRoute.valueOf(expected), CloudProfiler.nativeCallRoute());
    }

    /**
     * Without {@code --enable-native-access}: on JDK 22 and 23 the library has no native access,
     * so the calls stay on JNI; from JDK 24 loading a JNI library is itself restricted, and the
     * JVM's default (warn) grants the access with its one warning about {@code System::load},
     * so FFM adds none. Either way the JVM never warns about an FFM method.
     */
    @Test
    void withoutTheFlagTheJvmSaysNothingOfFfm() throws Exception {
        NativeCallRoute expected =
                Runtime.version().feature() >= 24 ? NativeCallRoute.FFM : NativeCallRoute.JNI;
        try (ChildJvm child = ChildJvm.start(NativeCallRouteChild.class, List.of(), Map.of())) {
            assertEquals(0, child.awaitExit(CHILD_TIMEOUT_MS), child.stderr());
            assertEquals(List.of(expected.name()), child.stdout(), child.stderr());
            assertFalse(child.stderr().contains("java.lang.foreign"), child.stderr());
        }
    }

    @Test
    void theRouteSettingKeepsJniEvenWithNativeAccess() throws Exception {
        List<String> options = List.of("--enable-native-access=ALL-UNNAMED",
                "-D" + NativeCallsProperty.NAME + "=jni");
        try (ChildJvm child = ChildJvm.start(NativeCallRouteChild.class, options, Map.of())) {
            assertEquals(0, child.awaitExit(CHILD_TIMEOUT_MS), child.stderr());
            assertEquals(List.of("JNI"), child.stdout());
        }
    }

    @Test
    void aRouteSettingThatNamesNoRouteIsRefusedNamingTheFix() {
        String before = System.getProperty(NativeCallsProperty.NAME);
        System.setProperty(NativeCallsProperty.NAME, "ffm");
        try {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, NativeCallsProperty::allowsFfm);
            assertTrue(refused.getMessage().contains("auto (the default) or jni"),
                    refused.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty(NativeCallsProperty.NAME);
            } else {
                System.setProperty(NativeCallsProperty.NAME, before);
            }
        }
    }
}
