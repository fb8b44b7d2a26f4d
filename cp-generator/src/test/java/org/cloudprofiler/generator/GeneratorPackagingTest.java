package org.cloudprofiler.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cloudprofiler.internal.NativeLibrary;
import org.cloudprofiler.testing.BundledLibrary;
import org.cloudprofiler.testing.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundled generator library: needs libzmq and nothing beyond glibc and the C++ runtime,
 * exports only JNI_OnLoad, says how to install a missing libzmq, never keeps a JVM alive.
 */
class GeneratorPackagingTest {
    private static final Set<String> ALLOWED_NEEDED = Set.of(
            "libzmq.so.5", "libstdc++.so.6", "libm.so.6", "libgcc_s.so.1", "libc.so.6");
    private static final NativeLibrary LIBRARY = new NativeLibrary(
            "libcloudprofiler_generator.so", Generator.PATH_PROPERTY, Map.of());

    @TempDir
    Path temp;

    private Path extractBundled() throws IOException {
        return BundledLibrary.extract(LIBRARY.resource(),
                temp.resolve("libcloudprofiler_generator.so"));
    }

    @Test
    void linksLibzmqDynamicallyAndNothingElseBeyondTheCRuntimes() throws Exception {
        List<String> needed = new ArrayList<>();
        for (String line : BundledLibrary.run("readelf", "-d", extractBundled().toString())) {
            if (line.contains("(NEEDED)")) {
                needed.add(line.substring(line.indexOf('[') + 1, line.indexOf(']')));
            }
        }
        assertTrue(needed.contains("libzmq.so.5"), needed.toString());
        assertTrue(ALLOWED_NEEDED.containsAll(needed), "unexpected dependencies: " + needed);
    }

    @Test
    void exportsOnlyJniOnLoad() throws Exception {
        List<String> exported = new ArrayList<>();
        for (String line : BundledLibrary.run("nm", "-D", "--defined-only", extractBundled().toString())) {
            exported.add(line.substring(line.lastIndexOf(' ') + 1));
        }
        assertEquals(List.of("JNI_OnLoad"), exported);
    }

    @Test
    void aMissingLibzmqFailsWithTheInstallCommand() throws Exception {
        // An unloadable libzmq.so.5 found first stands in for a machine without libzmq5.
        Path fakeLibraries = Files.createDirectories(temp.resolve("lib"));
        Files.write(fakeLibraries.resolve("libzmq.so.5"), new byte[0]);
        try (ChildJvm child = ChildJvm.start(GeneratorChild.class, List.of(),
                Map.of("LD_LIBRARY_PATH", fakeLibraries.toString()), "load")) {
            assertEquals(1, child.awaitExit(60_000));
            String message = child.stderr();
            assertTrue(message.contains("needs libzmq.so.5"), message);
            assertTrue(message.contains("apt-get install libzmq5"), message);
        }
    }

    @Test
    void aRunningGeneratorDoesNotKeepTheJvmAlive() throws Exception {
        try (JeroMqReceiver receiver = new JeroMqReceiver();
                ChildJvm child = ChildJvm.start(GeneratorChild.class, List.of(), Map.of(),
                        "run-unbounded", receiver.endpoint())) {
            assertEquals(0, child.awaitExit(60_000), child.stderr());
            assertTrue(child.stdout().contains("started"), child.stdout().toString());
        }
    }
}
