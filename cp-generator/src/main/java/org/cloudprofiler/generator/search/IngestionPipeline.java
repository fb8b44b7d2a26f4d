package org.cloudprofiler.generator.search;

import java.time.Duration;

/**
 * Something the throughput search can drive at a fixed rate: generator → JOF → a consumer, and
 * later the same feeding a Storm topology or a Flink job. Each call is one complete run, from a
 * fresh start to its end-of-run markers.
 */
public interface IngestionPipeline {

    /**
     * Runs the pipeline at {@code targetTuplesPerSecond} for {@code duration} and reports what
     * was emitted and what arrived.
     *
     * @throws Exception if the run could not be carried out at all (not merely failed to keep
     *     up); the search stops and reports it
     */
    RunResult run(long targetTuplesPerSecond, Duration duration) throws Exception;
}
