package org.cloudprofiler.bench.overhead;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.drops.DropsFile;
import org.cloudprofiler.drops.DropsSource;

/**
 * The {@code drops.json} files that the tasks of a JOF-fed source (a JofSpout or a JofSource)
 * leave under this process's log directory, {@code <component>/<task>/drops.json}, once the
 * generator's end-of-run markers are through: what a run ingested and dropped.
 */
final class JofCountFiles {
    private final String id;

    /** The files of the source with component id (Storm) or operator name (Flink) {@code id}. */
    JofCountFiles(String id) {
        this.id = id;
    }

    /** Tuples the JOFs handed over and those they dropped (at full queues, or unusable). */
    record Counts(long handedOver, long dropped) {}

    /** The counts over every task; both 0 if none left a file (the run never ended). */
    Counts read() throws IOException {
        long handedOver = 0;
        long dropped = 0;
        for (Path drops : files()) {
            for (DropsSource source : DropsFile.read(drops)) {
                Map<String, Long> jof = source.counts();
                handedOver += jof.getOrDefault("tuplesHandedOver", 0L);
                dropped += jof.getOrDefault("tuplesDropped", 0L)
                        + jof.getOrDefault("tuplesRejected", 0L);
            }
        }
        return new Counts(handedOver, dropped);
    }

    /** Removes an earlier run's files, which the next run must not count. */
    void delete() throws IOException {
        for (Path drops : files()) {
            Files.delete(drops);
        }
    }

    private List<Path> files() throws IOException {
        return DropsFile.filesOf(Path.of(CloudProfiler.logDirectory()), id);
    }
}
