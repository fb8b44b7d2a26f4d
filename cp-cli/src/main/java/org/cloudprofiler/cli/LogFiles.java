package org.cloudprofiler.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Finds channel log files: a file as given, or every {@code *.cplog} under a directory. */
public final class LogFiles {

    /** File name suffix of channel logs (docs/log-format.md). */
    public static final String SUFFIX = ".cplog";

    private LogFiles() {}

    /**
     * {@code path} itself if it is a file (whatever its name), else the {@code *.cplog} files
     * under it, recursively, sorted by path.
     *
     * @throws IOException if a directory cannot be walked
     */
    public static List<Path> find(Path path) throws IOException {
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> files = Files.walk(path)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> file.getFileName().toString().endsWith(SUFFIX))
                    .sorted()
                    .toList();
        }
    }
}
