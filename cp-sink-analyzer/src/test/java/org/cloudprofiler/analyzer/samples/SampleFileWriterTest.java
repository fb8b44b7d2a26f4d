package org.cloudprofiler.analyzer.samples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.join.Locality;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link SampleFileWriter}: the file is made where the task runs, its directory too. */
class SampleFileWriterTest {

    private static final List<String> HOPS = List.of("spout", "spout -> sink");

    @TempDir
    Path directory;

    @Test
    void theWriterCreatesItsDirectory() throws Exception {
        Path file = directory.resolve("not/yet/made").resolve("samples-r-0.arrow");
        try (SampleFileWriter writer = new SampleFileWriter(file, HOPS)) {
            writer.write(1, 0, Locality.LOCAL, new BoundedDuration(100, 0, "SAME_CLOCK"));
        }

        assertTrue(Files.size(file) > 0);
    }
}
