package org.cloudprofiler.internal;

/**
 * The system property {@value #NAME}, which lets the per-record native calls take FFM downcalls
 * or keeps them on JNI: {@code auto} (the default) takes FFM on JDK 22 and later when the JVM
 * grants this library native access, {@code jni} keeps JNI on any JDK.
 */
public final class NativeCallsProperty {
    public static final String NAME = "cloudprofiler.downcalls";

    private NativeCallsProperty() {}

    /**
     * Whether the property lets FFM downcalls be taken.
     *
     * @throws IllegalArgumentException if it is neither {@code auto} nor {@code jni}
     */
    public static boolean allowsFfm() {
        String requested = System.getProperty(NAME, "auto").trim();
        switch (requested) {
            case "auto":
                return true;
            case "jni":
                return false;
            default:
                throw new IllegalArgumentException("-D" + NAME + "=" + requested
                        + " is not a route of the native calls: set it to auto (the default)"
                        + " or jni");
        }
    }
}
