package org.cloudprofiler.analyzer.samples;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files of {@code analyze --samples DIR} (schema in docs/analyzer-output.md, "Every
 * sample"): one Arrow IPC file per join subtask, {@code samples-<run>-<subtask>.arrow}, holding
 * every hop sample that subtask took, with these columns and schema metadata ({@code run}:
 * {@link SampleExport}). A subtask writes {@code <name>.partial} and renames it to its name
 * only once it has finished normally. Stateless.
 */
public final class SampleFiles {

    /** {@code int64}: the tuple's id. */
    public static final String TUPLE_ID = "tuple_id";
    /** {@code utf8}, dictionary-encoded ({@code int16} indices): the hop's name. */
    public static final String HOP = "hop";
    /** {@code utf8}, dictionary-encoded ({@code int8} indices): LOCAL or REMOTE or MIXED. */
    public static final String LOCALITY = "locality";
    /** {@code float64}, null if unknown: the hop's start, ns since the run's start. */
    public static final String START_NS = "start_ns";
    /** {@code float64}, null if unbounded: the duration's estimate, ns. */
    public static final String LATENCY_NS = "latency_ns";
    /** {@code float64}, null if unbounded: its bound, ns. */
    public static final String BOUND_NS = "bound_ns";
    /** {@code bool}: no sync data joins its ends' clocks, so it has no number. */
    public static final String UNBOUNDED = "unbounded";

    /** Schema metadata: the run id in the file's name. */
    public static final String RUN_METADATA = "run";
    /** Schema metadata, decimal ns: the earliest hop start taken ({@code --from}). */
    public static final String FROM_NS_METADATA = "from_ns";
    /** Schema metadata, decimal ns: the first hop start no longer taken; absent without --to. */
    public static final String TO_NS_METADATA = "to_ns";

    /** What a file is called while its subtask writes it: its name and this. */
    public static final String PARTIAL_SUFFIX = ".partial";

    private static final Pattern NAME = Pattern.compile("samples-(.+)-(\\d+)\\.arrow");

    private SampleFiles() {}

    /** The file of join subtask {@code subtask} of run {@code run} in {@code directory}. */
    public static Path of(Path directory, String run, int subtask) {
        return directory.resolve(name(run, Integer.toString(subtask)));
    }

    /** The files of run {@code run}, with {@code <subtask>} for the subtask, for messages. */
    public static Path patternOf(Path directory, String run) {
        return directory.resolve(name(run, "<subtask>"));
    }

    private static String name(String run, String subtask) {
        return "samples-" + run + "-" + subtask + ".arrow";
    }

    /** The name {@code file} has while it is written. */
    public static Path partialOf(Path file) {
        return file.resolveSibling(file.getFileName() + PARTIAL_SUFFIX);
    }

    /** The finished sample files of run {@code run} in {@code directory}, by subtask. */
    public static List<Path> in(Path directory, String run) throws IOException {
        return named(directory, run, "");
    }

    /** The sample files of run {@code run} in {@code directory} left unfinished, by subtask. */
    public static List<Path> partialIn(Path directory, String run) throws IOException {
        return named(directory, run, PARTIAL_SUFFIX);
    }

    private static List<Path> named(Path directory, String run, String suffix)
            throws IOException {
        // By subtask number: as strings, samples-…-10 would sort before samples-…-2.
        SortedMap<Integer, Path> bySubtask = new TreeMap<>();
        try (DirectoryStream<Path> found = Files.newDirectoryStream(directory,
                "samples-*.arrow" + suffix)) {
            for (Path file : found) {
                String name = file.getFileName().toString();
                Matcher matcher = NAME.matcher(name.substring(0, name.length() - suffix.length()));
                if (matcher.matches() && matcher.group(1).equals(run)) {
                    bySubtask.put(Integer.parseInt(matcher.group(2)), file);
                }
            }
        }
        return List.copyOf(bySubtask.values());
    }

    /**
     * Checks, before a run on this machine, that its tasks can write into {@code directory}:
     * created if need be. Files of earlier runs stay: each run's names carry its own id.
     *
     * @throws IOException naming the directory and the fix if it cannot be written
     */
    public static void checkWritable(Path directory) throws IOException {
        try {
            Files.createDirectories(directory);
            if (!Files.isWritable(directory)) {
                throw new IOException("permission denied");
            }
        } catch (IOException e) {
            throw new IOException("cannot write the samples to " + directory + " (" + e
                    + "). Fix: give --samples a directory that can be written", e);
        }
    }
}
