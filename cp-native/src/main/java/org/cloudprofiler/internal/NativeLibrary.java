package org.cloudprofiler.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads {@code libcloudprofiler.so} once per class loader: from the path in the system property
 * {@value #PATH_PROPERTY} if set, else from the copy bundled in the jar (extracted to a private
 * temporary file that is deleted once mapped).
 */
public final class NativeLibrary {
    /** System property naming a {@code libcloudprofiler.so} to load instead of the bundled one. */
    public static final String PATH_PROPERTY = "cloudprofiler.native.path";

    private static final String LIBRARY_FILE = "libcloudprofiler.so";

    private static boolean loaded;

    private NativeLibrary() {}

    /** Loads the library if this class loader has not yet; thread-safe. */
    public static synchronized void load() {
        if (loaded) {
            return;
        }
        String override = System.getProperty(PATH_PROPERTY);
        if (override != null && !override.isBlank()) {
            System.load(Path.of(override).toAbsolutePath().toString());
        } else {
            loadBundled();
        }
        loaded = true;
    }

    /** The resource path of the bundled library for this platform. */
    public static String bundledResource() {
        return "/META-INF/native/" + platform() + "/" + LIBRARY_FILE;
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

    private static void loadBundled() {
        String resource = bundledResource();
        try (InputStream in = NativeLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UnsatisfiedLinkError(
                        "cloudprofiler: no native library for "
                                + platform()
                                + " in the jar (looked for "
                                + resource
                                + "). Build it for this platform and pass its path with -D"
                                + PATH_PROPERTY
                                + "=/path/to/"
                                + LIBRARY_FILE);
            }
            Path file = Files.createTempFile("libcloudprofiler-", ".so");
            try {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                System.load(file.toAbsolutePath().toString());
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
                            + PATH_PROPERTY
                            + "=/path/to/"
                            + LIBRARY_FILE);
        }
    }
}
