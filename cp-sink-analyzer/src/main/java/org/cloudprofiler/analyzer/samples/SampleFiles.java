package org.cloudprofiler.analyzer.samples;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of {@code analyze --samples DIR} (schema in docs/analyzer-output.md, "Every
 * sample"): one Arrow IPC file per join subtask, {@code samples-<subtask>.arrow}, holding every
 * hop sample that subtask took, with these columns. Stateless.
 */
public final class SampleFiles {

    /** {@code int64}: the tuple's id. */
    public static final String TUPLE_ID = "tuple_id";
    /** {@code utf8}, dictionary-encoded ({@code int16} indices): the hop's name. */
    public static final String HOP = "hop";
    /** {@code utf8}, dictionary-encoded ({@code int8} indices): LOCAL or REMOTE or MIXED. */
    public static final String LOCALITY = "locality";
    /** {@code float64}, null if unbounded: the duration's estimate, ns. */
    public static final String LATENCY_NS = "latency_ns";
    /** {@code float64}, null if unbounded: its bound, ns. */
    public static final String BOUND_NS = "bound_ns";
    /** {@code bool}: no sync data joins its ends' clocks, so it has no number. */
    public static final String UNBOUNDED = "unbounded";

    private static final String GLOB = "samples-*.arrow";

    private SampleFiles() {}

    /** The file of join subtask {@code subtask} in {@code directory}. */
    public static Path of(Path directory, int subtask) {
        return directory.resolve("samples-" + subtask + ".arrow");
    }

    /** The sample files in {@code directory}, by name. */
    public static List<Path> in(Path directory) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> found = Files.newDirectoryStream(directory, GLOB)) {
            found.forEach(files::add);
        }
        files.sort(null);
        return files;
    }

    /**
     * Makes {@code directory} ready for a run's files: created if need be, and the sample files
     * of an earlier run removed (it may have had more subtasks, whose files would stay behind).
     *
     * @throws IOException naming the directory and the fix if it cannot be written
     */
    public static void prepare(Path directory) throws IOException {
        try {
            Files.createDirectories(directory);
            for (Path file : in(directory)) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new IOException("cannot write the samples to " + directory + " (" + e
                    + "). Fix: give --samples a directory that can be written", e);
        }
    }
}
