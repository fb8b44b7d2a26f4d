package org.cloudprofiler;

/**
 * How this JVM reaches the native core on the per-record calls ({@link CloudProfiler#logTS},
 * its variants and {@link CloudProfiler#readTsc}); chosen once, when {@link CloudProfiler} is
 * initialized (docs/native.md, "FFM downcalls").
 */
public enum NativeCallRoute {
    /** JNI native methods: every JDK, and JDK 22+ without native access for this library. */
    JNI,
    /**
     * FFM downcall handles to the core's C table, without a thread-state transition: JDK 22 and
     * later when the JVM was started with {@code --enable-native-access} for this library.
     */
    FFM
}
