package org.cloudprofiler.analyzer.samples;

import java.io.Serializable;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/**
 * Where one run's samples go ({@code --samples}): a directory, on the machine of each task that
 * writes into it, and the run's id, which every file name carries so that two runs into one
 * directory never overwrite each other. Immutable; serializable, as the job's operators carry it.
 *
 * @param directory the directory, absolute (a string: {@code Path} is not serializable)
 * @param run the run's id
 */
public record SampleExport(String directory, String run) implements Serializable {

    private static final long serialVersionUID = 1L;

    private static final DateTimeFormatter RUN_TIME = DateTimeFormatter
            .ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final int RUN_RANDOM_BYTES = 3;

    /**
     * A new run's export into {@code directory}. Its id is the UTC time, so a directory lists its
     * runs in order, and random hex digits, so runs started in the same second differ.
     */
    public static SampleExport newRun(Path directory) {
        byte[] random = new byte[RUN_RANDOM_BYTES];
        new SecureRandom().nextBytes(random);
        return new SampleExport(directory.toAbsolutePath().toString(),
                RUN_TIME.format(Instant.now()) + "-" + HexFormat.of().formatHex(random));
    }

    /** The file join subtask {@code subtask} writes. */
    public Path fileOf(int subtask) {
        return SampleFiles.of(Path.of(directory), run, subtask);
    }

    /** The files' names, with {@code <subtask>} for the subtask's index, for messages. */
    public Path pattern() {
        return SampleFiles.patternOf(Path.of(directory), run);
    }
}
