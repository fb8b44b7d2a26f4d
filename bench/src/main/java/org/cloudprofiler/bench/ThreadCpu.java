package org.cloudprofiler.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU time of this process's threads whose names start with a prefix, native ones included, from
 * {@code /proc/self/task/<tid>/schedstat} (ns on a CPU). A thread that ends takes its time
 * with it, so {@link #sample} keeps the last value seen per thread: call it often (every few
 * ms) while such threads run. Linux only; one thread uses an instance.
 */
final class ThreadCpu {

    private final String prefix;
    private final Map<String, Long> lastNsByTask = new HashMap<>();

    ThreadCpu(String prefix) {
        this.prefix = prefix;
    }

    /** Reads every matching thread now. */
    void sample() {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            tasks.forEach(task -> {
                try {
                    if (Files.readString(task.resolve("comm")).startsWith(prefix)) {
                        String schedstat = Files.readString(task.resolve("schedstat"));
                        lastNsByTask.put(task.getFileName().toString(),
                                Long.parseLong(schedstat.substring(0, schedstat.indexOf(' '))));
                    }
                } catch (IOException e) {
                    // The thread ended between the listing and the read: its last sample stays.
                }
            });
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc/self/task", e);
        }
    }

    /** The sum of the last values seen of every matching thread, ns. */
    long totalNs() {
        return lastNsByTask.values().stream().mapToLong(Long::longValue).sum();
    }
}
