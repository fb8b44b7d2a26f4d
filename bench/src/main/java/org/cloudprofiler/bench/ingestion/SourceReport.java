package org.cloudprofiler.bench.ingestion;

import java.util.List;

/**
 * What a paced source (a spout or a producer keeping an absolute schedule) did in one run.
 *
 * @param emitted tuples or records it handed on
 * @param failed those it could not hand on (a producer's failed sends); 0 for a spout
 * @param startNs {@link System#nanoTime()} when the schedule started
 * @param endNs {@link System#nanoTime()} when the last one had been handed on
 * @param lag its schedule lag over the run
 */
public record SourceReport(long emitted, long failed, long startNs, long endNs, ScheduleLag lag) {

    /** Several tasks' reports as one source's: counts added, the widest span, the worst lag. */
    public static SourceReport combine(List<SourceReport> reports) {
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("no report to combine");
        }
        return reports.stream().reduce((a, b) -> new SourceReport(a.emitted + b.emitted,
                a.failed + b.failed, Math.min(a.startNs, b.startNs), Math.max(a.endNs, b.endNs),
                new ScheduleLag(Math.max(a.lag.p99Ns(), b.lag.p99Ns()),
                        Math.max(a.lag.maxNs(), b.lag.maxNs()),
                        Math.max(a.lag.atEndNs(), b.lag.atEndNs())))).orElseThrow();
    }

    /** Emitted per second from the start to the end of the schedule. */
    public double achievedPerSecond(long targetPerSecond) {
        // One tuple interval after the last emission, as the generator counts its elapsed time,
        // so that a source that kept its schedule achieves exactly the target.
        double elapsedNs = endNs - startNs + 1e9 / targetPerSecond;
        return emitted * 1e9 / elapsedNs;
    }
}
