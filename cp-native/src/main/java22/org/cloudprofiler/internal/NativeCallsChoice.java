package org.cloudprofiler.internal;

/**
 * Chooses the route of the per-record native calls, once: on JDK 22 and later, FFM downcalls
 * ({@link FfmNativeCalls}) when the JVM grants this library native access and
 * {@link NativeCallsProperty} allows them, else JNI. Without native access FFM is not tried at
 * all, so the JVM prints no warning about it and a JVM that denies it throws nothing
 * (docs/native.md, "FFM downcalls").
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
        if (!NativeCallsProperty.allowsFfm()
                || !NativeCallsChoice.class.getModule().isNativeAccessEnabled()
                || !FfmNativeCalls.linked()) {
            return jni;
        }
        return new FfmNativeCalls();
    }
}
