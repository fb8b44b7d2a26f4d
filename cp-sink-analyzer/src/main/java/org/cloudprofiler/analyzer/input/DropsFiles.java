package org.cloudprofiler.analyzer.input;

import java.io.IOException;
import java.io.InputStream;
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
    public static void read(String file, List<ExternalDrops> drops,
            List<InputProblem> problems) {
        try (InputStream in = LogStorage.of(file).open(file)) {
            for (DropsSource source : DropsFile.read(in)) {
                drops.add(new ExternalDrops(file, source.name(), source.node(),
                        source.dropped(), source.counts()));
            }
        } catch (IOException e) {
            problems.add(new InputProblem(file, InputProblem.Kind.BAD_DROPS,
                    "cannot use it (" + e.getMessage() + "); its counts are left out"));
        }
    }
}
