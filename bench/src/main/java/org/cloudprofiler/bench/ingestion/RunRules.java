package org.cloudprofiler.bench.ingestion;

import java.time.Duration;

/**
 * How every source's runs are started and ended alike.
 *
 * @param drainWait how long a run waits, after its source's schedule ends, for the null bolt to
 *     have every tuple
 * @param quietWait how long a run may wait beforehand for the hypervisor to stop taking the
 *     machine's CPU ({@link QuietMachine}); zero starts it at once
 */
public record RunRules(Duration drainWait, Duration quietWait) {}
