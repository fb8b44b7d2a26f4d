package org.cloudprofiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cloudprofiler.internal.NativeLibrary;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;
import org.cloudprofiler.testing.BundledLibrary;
import org.cloudprofiler.testing.ChildJvm;
import org.cloudprofiler.testing.TestLibrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bundled library: self-contained, exports only JNI entry points, loads as documented. */
class NativePackagingTest {
    private static final Set<String> ALLOWED_DEPENDENCIES = Set.of(
            "linux-vdso.so.1", "libstdc++.so.6", "libm.so.6", "libgcc_s.so.1", "libc.so.6",
            "ld-linux-x86-64.so.2");

    // What the test-only sources leave in a library: their environment variables' names and the
    // mangled names of the log decoder and the test-hook classes.
    private static final List<String> TEST_CODE_MARKERS = List.of(
            "CP_TEST_CLOCK", "CP_TEST_SYNC_DELAY_NS", "9decodeLog", "9TestClock",
            "13TestSyncDelay");

    @TempDir
    Path temp;

    private Path extractBundled() throws IOException {
        return BundledLibrary.extract(NativeLibrary.bundledResource(),
                temp.resolve("libcloudprofiler.so"));
    }

    @Test
    void needsNothingBeyondGlibcAndTheCppRuntime() throws Exception {
        List<String> unexpected = new ArrayList<>();
        for (String line : BundledLibrary.run("ldd", extractBundled().toString())) {
            String name = line.split("\\s+")[0];
            String base = name.substring(name.lastIndexOf('/') + 1);
            if (!ALLOWED_DEPENDENCIES.contains(base)) {
                unexpected.add(line);
            }
        }
        assertTrue(unexpected.isEmpty(), "unexpected run-time dependencies: " + unexpected);
    }

    @Test
    void exportsOnlyJniEntryPoints() throws Exception {
        List<String> exported = new ArrayList<>();
        for (String line : BundledLibrary.run("nm", "-D", "--defined-only", extractBundled().toString())) {
            String symbol = line.substring(line.lastIndexOf(' ') + 1);
            if (!symbol.startsWith("Java_") && !symbol.startsWith("JNI_")) {
                exported.add(symbol);
            }
        }
        assertTrue(exported.isEmpty(), "symbols that should be hidden: " + exported);
    }

    @Test
    void shipsNoTestCodeWhichTheTestLibraryHolds() throws Exception {
        byte[] shipped = Files.readAllBytes(extractBundled());
        byte[] testing = Files.readAllBytes(TestLibrary.path());
        for (String marker : TEST_CODE_MARKERS) {
            assertFalse(contains(shipped, marker), "the shipped library holds " + marker);
        }
        // The search finds what is there: the test library reads the hooks' variables.
        assertTrue(contains(testing, "CP_TEST_CLOCK") && contains(testing, "9TestClock"));
    }

    private static boolean contains(byte[] library, String text) {
        // ISO-8859-1 maps every byte to one char, so the search sees the file byte for byte.
        return new String(library, StandardCharsets.ISO_8859_1).contains(text);
    }

    @Test
    void theSystemPropertyOverridesTheBundledLibrary() throws Exception {
        Path library = extractBundled();
        Map<String, String> environment = Map.of("CP_LOG_DIR", temp.resolve("logs").toString());
        try (ChildJvm child = ChildJvm.start(OpenOneChannel.class,
                List.of("-D" + NativeLibrary.PATH_PROPERTY + "=" + library), environment)) {
            assertEquals(0, child.awaitExit(60_000), child.stderr());
            assertTrue(child.stdout().contains("opened"), child.stdout().toString());
        }
        Path missing = temp.resolve("nowhere/libcloudprofiler.so");
        try (ChildJvm child = ChildJvm.start(OpenOneChannel.class,
                List.of("-D" + NativeLibrary.PATH_PROPERTY + "=" + missing), environment)) {
            assertEquals(1, child.awaitExit(60_000));
            assertTrue(child.stderr().contains(missing.toString()), child.stderr());
        }
    }

    @Test
    void anUnwritableLogDirectoryIsNamedWithTheFix() throws Exception {
        Path file = Files.createFile(temp.resolve("a-file"));
        Map<String, String> environment = Map.of("CP_LOG_DIR", file.resolve("logs").toString());
        try (ChildJvm child = ChildJvm.start(OpenOneChannel.class, List.of(), environment)) {
            assertEquals(1, child.awaitExit(60_000));
            String message = child.stderr();
            assertTrue(message.contains("CloudProfilerException"), message);
            assertTrue(message.contains(file.toString()), message);
            assertTrue(message.contains("Set CP_LOG_DIR"), message);
        }
    }

    /** Child: opens and closes one channel; exit code 1 and the error on stderr if that fails. */
    public static final class OpenOneChannel {
        public static void main(String[] args) {
            try {
                long channel = CloudProfiler.openChannel("child/0/in", LogFormat.RAW,
                        HandlerType.ID);
                CloudProfiler.logTS(channel, 1);
                CloudProfiler.closeChannel(channel);
                System.out.println("opened");
            } catch (Throwable e) {
                System.err.println(e);
                System.exit(1);
            }
        }
    }
}
