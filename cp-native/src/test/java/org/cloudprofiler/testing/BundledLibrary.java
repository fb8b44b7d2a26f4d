package org.cloudprofiler.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A JNI library bundled in a jar, looked at from outside: extracted, inspected with binutils. */
public final class BundledLibrary {
    private BundledLibrary() {}

    /** Copies the bundled resource to {@code file}; fails the test if the jar lacks it. */
    public static Path extract(String resource, Path file) throws IOException {
        try (InputStream in = BundledLibrary.class.getResourceAsStream(resource)) {
            assertNotNull(in, "the jar bundles " + resource);
            Files.copy(in, file);
        }
        return file;
    }

    /** Runs a command that must succeed; its non-empty output lines, trimmed. */
    public static List<String> run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), String.join(" ", command) + ":\n" + output);
        return output.lines().map(String::trim).filter(l -> !l.isEmpty()).toList();
    }
}
