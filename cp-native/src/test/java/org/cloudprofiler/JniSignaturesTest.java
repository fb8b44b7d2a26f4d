package org.cloudprofiler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.cloudprofiler.sync.service.internal.SyncNative;
import org.cloudprofiler.testing.NativeSignatures;
import org.junit.jupiter.api.Test;

/**
 * The JNI of the profiling API and of the sync service hands back records by name, never arrays
 * decoded by index.
 */
class JniSignaturesTest {

    @Test
    void everyNativeOfTheApiPassesItsValuesByName() {
        for (Class<?> type : List.of(CloudProfiler.class, ClockProbe.class,
                MembarrierProbe.class, SyncNative.class)) {
            assertEquals(List.of(), NativeSignatures.positional(type), type.getSimpleName());
        }
    }
}
