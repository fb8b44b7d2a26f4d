package org.cloudprofiler.internal;

/**
 * Chooses the route of the per-record native calls, once. This is the choice of JDK 17 to 21,
 * which have no FFM downcalls: always JNI. The multi-release jar replaces this class on JDK 22
 * and later ({@code META-INF/versions/22}) with one that takes FFM downcalls where it may.
 */
public final class NativeCallsChoice {

    private NativeCallsChoice() {}

    /**
     * The calls to use.
     *
     * @param jni the JNI route, which every JDK has
     * @throws IllegalArgumentException if {@link NativeCallsProperty} is set to no route
     */
    public static NativeCalls choose(NativeCalls jni) {
        NativeCallsProperty.allowsFfm();  // a misspelt setting fails on every JDK alike
        return jni;
    }
}
