package org.cloudprofiler.bench.ingestion;

import java.util.Comparator;
import java.util.List;

import org.cloudprofiler.generator.GeneratorStats;

/**
 * How late a paced source was against its absolute schedule, summarized as the generator
 * summarizes its own: per second of the run, then over the run. All in nanoseconds.
 *
 * @param p99Ns the largest per-second 99th percentile over the run's full seconds (the partial
 *     last second if the run had no full one)
 * @param maxNs the largest lag seen
 * @param atEndNs the 99th percentile of the last full second: a lag that keeps growing ends
 *     high
 */
public record ScheduleLag(long p99Ns, long maxNs, long atEndNs) {

    /** The generator's own lag, from its per-second records, its last partial one left out. */
    public static ScheduleLag ofGenerator(List<GeneratorStats> seconds) {
        List<GeneratorStats> full = seconds.stream().filter(s -> !s.last()).toList();
        long p99Ns = full.stream().mapToLong(GeneratorStats::lagP99Ns).max().orElse(0);
        long maxNs = seconds.stream().mapToLong(GeneratorStats::lagMaxNs).max().orElse(0);
        long atEndNs = full.stream().max(Comparator.comparingLong(GeneratorStats::second))
                .map(GeneratorStats::lagP99Ns).orElse(0L);
        return new ScheduleLag(p99Ns, maxNs, atEndNs);
    }
}
