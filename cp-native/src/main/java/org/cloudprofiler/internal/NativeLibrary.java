package org.cloudprofiler.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;

/**
 * Loads one of the project's JNI libraries once per class loader: from the path in its system
 * property if set, else from the copy bundled in the jar (extracted to a private temporary file
 * that is deleted once mapped). {@link #load()} and {@link #bundledResource()} are those of
 * {@code libcloudprofiler.so}; other modules make their own instance.
 */
public final class NativeLibrary {
    /** System property naming a {@code libcloudprofiler.so} to load instead of the bundled one. */
    public static final String PATH_PROPERTY = "cloudprofiler.native.path";

    private static final NativeLibrary PROFILER =
            new NativeLibrary("libcloudprofiler.so", PATH_PROPERTY, Map.of());

    private final String fileName;
    private final String pathProperty;
    private final Map<String, String> systemLibraries;
    private boolean loaded;

    /**
     * A library bundled as {@code META-INF/native/<platform>/<fileName>}, overridden by the system
     * property {@code pathProperty}. {@code systemLibraries} maps each shared library it needs
     * from the machine (a soname such as {@code libzmq.so.5}) to the command that installs it, so
     * that a missing one fails with that command instead of the dynamic linker's bare message.
     */
    public NativeLibrary(
            String fileName, String pathProperty, Map<String, String> systemLibraries) {
        this.fileName = fileName;
        this.pathProperty = pathProperty;
        this.systemLibraries = Map.copyOf(systemLibraries);
    }

    /** Loads {@code libcloudprofiler.so} if this class loader has not yet; thread-safe. */
    public static void load() {
        PROFILER.loadOnce();
    }

    /** The resource path of the bundled {@code libcloudprofiler.so} for this platform. */
    public static String bundledResource() {
        return PROFILER.resource();
    }

    /** Loads this library if this class loader has not yet; thread-safe. */
    public synchronized void loadOnce() {
        if (loaded) {
            return;
        }
        String override = System.getProperty(pathProperty);
        if (override != null && !override.isBlank()) {
            loadFile(Path.of(override).toAbsolutePath());
        } else {
            loadBundled();
        }
        loaded = true;
    }

    /** The resource path of this library's bundled copy for this platform. */
    public String resource() {
        return "/META-INF/native/" + platform() + "/" + fileName;
    }

    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String osPart = os.contains("linux") ? "linux" : os.replaceAll("[^a-z0-9]", "");
        String archPart =
                switch (arch) {
                    case "amd64", "x86_64" -> "x86_64";
                    case "aarch64", "arm64" -> "aarch64";
                    default -> arch;
                };
        return osPart + "-" + archPart;
    }

    private void loadBundled() {
        String resource = resource();
        try (InputStream in = NativeLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UnsatisfiedLinkError(
                        "cloudprofiler: no native library for "
                                + platform()
                                + " in the jar (looked for "
                                + resource
                                + "). Build it for this platform and pass its path with -D"
                                + pathProperty
                                + "=/path/to/"
                                + fileName);
            }
            Path file = Files.createTempFile(baseName() + "-", ".so");
            try {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                loadFile(file.toAbsolutePath());
            } finally {
                // Once mapped the file is no longer needed; deleting now leaves nothing behind.
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UnsatisfiedLinkError(
                    "cloudprofiler: cannot extract the native library to "
                            + System.getProperty("java.io.tmpdir")
                            + " ("
                            + e.getMessage()
                            + "). Make that directory writable, point -Djava.io.tmpdir at one"
                            + " that is, or pass -D"
                            + pathProperty
                            + "=/path/to/"
                            + fileName);
        }
    }

    private void loadFile(Path file) {
        try {
            System.load(file.toString());
        } catch (UnsatisfiedLinkError e) {
            String message = String.valueOf(e.getMessage());
            for (Map.Entry<String, String> library : systemLibraries.entrySet()) {
                if (message.contains(library.getKey())) {
                    UnsatisfiedLinkError clear = new UnsatisfiedLinkError(
                            "cloudprofiler: " + fileName + " needs " + library.getKey()
                                    + ", which this machine cannot load (" + message
                                    + "). Install it: " + library.getValue());
                    clear.initCause(e);
                    throw clear;
                }
            }
            throw e;
        }
    }

    private String baseName() {
        return fileName.endsWith(".so") ? fileName.substring(0, fileName.length() - 3) : fileName;
    }
}
