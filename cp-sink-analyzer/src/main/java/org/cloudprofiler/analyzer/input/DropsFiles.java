package org.cloudprofiler.analyzer.input;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.cloudprofiler.drops.DropsFile;
import org.cloudprofiler.drops.DropsSource;

/**
 * Reads the {@code drops.json} files that JofSpout tasks (or anything else that loses tuples
 * before the engine) leave in a log directory (docs/analyzer-output.md); a file that does not
 * parse is reported and skipped.
 */
public final class DropsFiles {

    private DropsFiles() {}

    /** Adds the sources of {@code file} to {@code drops}, or a problem to {@code problems}. */
    public static void read(Path file, List<ExternalDrops> drops, List<InputProblem> problems) {
        try {
            for (DropsSource source : DropsFile.read(file)) {
                drops.add(new ExternalDrops(file.toString(), source.name(), source.node(),
                        source.dropped(), source.counts()));
            }
        } catch (IOException e) {
            problems.add(new InputProblem(file.toString(), InputProblem.Kind.BAD_DROPS,
                    "cannot use it (" + e.getMessage() + "); its counts are left out"));
        }
    }
}
