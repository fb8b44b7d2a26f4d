package org.cloudprofiler.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.cloudprofiler.CloudProfiler;

/**
 * Removes the logs a benchmark wrote once its channel is closed: a second of BUFFERED_ID logging
 * writes tens of millions of records, and a whole run would otherwise leave gigabytes behind.
 */
final class BenchLogs {
    private BenchLogs() {}

    /** Deletes {@code $CP_LOG_DIR/<node>/<operator>} and everything below it. */
    static void deleteOperator(String operator) {
        Path folder = Path.of(CloudProfiler.logDirectory(), operator);
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            // Deepest first, so every folder is empty by the time it is deleted.
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete benchmark logs under " + folder, e);
        }
    }
}
