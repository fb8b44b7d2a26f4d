package org.cloudprofiler.testing;

import java.nio.file.Path;

import org.cloudprofiler.internal.NativeLibrary;

/**
 * The test library {@code libcloudprofiler_testing.so}: the shipped JNI layer and core plus the
 * test hooks ({@code CP_TEST_CLOCK}, {@code CP_TEST_SYNC_DELAY_NS}), which the shipped library
 * does not hold. CMake leaves it in the native build directory, which Maven passes to the tests
 * as the system property {@value #BUILD_DIR_PROPERTY}.
 */
public final class TestLibrary {
    public static final String BUILD_DIR_PROPERTY = "cloudprofiler.test.nativeBuildDir";
    public static final String FILE_NAME = "libcloudprofiler_testing.so";

    private TestLibrary() {}

    /** Where the build left it. */
    public static Path path() {
        String directory = System.getProperty(BUILD_DIR_PROPERTY);
        if (directory == null) {
            throw new IllegalStateException("the test library's directory is not set: run the"
                    + " tests through Maven, or pass -D" + BUILD_DIR_PROPERTY + "=<cmake build>");
        }
        return Path.of(directory, FILE_NAME).toAbsolutePath();
    }

    /** The option that makes a child JVM load the test library instead of the shipped one. */
    public static String jvmOption() {
        return "-D" + NativeLibrary.PATH_PROPERTY + "=" + path();
    }
}
