package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The analyzer runs on any JVM: nothing of the native runtime (cp-native) is on its class path,
 * so a Flink cluster running it ships no native library and needs none that loads.
 */
class PureJavaClasspathTest {

    @Test
    void theNativeRuntimeIsNotOnTheAnalyzersClassPath() {
        assertThrows(ClassNotFoundException.class,
                () -> Class.forName("org.cloudprofiler.CloudProfiler"));
        assertThrows(ClassNotFoundException.class,
                () -> Class.forName("org.cloudprofiler.internal.NativeLibrary"));
    }
}
