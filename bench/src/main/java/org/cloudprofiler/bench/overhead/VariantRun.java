package org.cloudprofiler.bench.overhead;

import org.cloudprofiler.generator.search.RunResult;

/**
 * One run of one variant of a job, the search's figures and the overhead's.
 *
 * @param variant the variant's name, e.g. {@code BUFFERED_ID}
 * @param views what the job's sink counted
 * @param sinkTuplesPerSecond tuples sent per second from the generator's start to the sink's
 *     last change: the throughput the job kept
 * @param cpuSecondsPerMillion the process's CPU time over the run per million tuples sent
 */
public record VariantRun(String variant, RunResult result, long views,
        double sinkTuplesPerSecond, double cpuSecondsPerMillion) {}
