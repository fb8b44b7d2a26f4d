package org.cloudprofiler.generator.search;

/**
 * The outcome of one fixed-rate run, in the counts the pass criteria need.
 *
 * @param targetTuplesPerSecond the rate asked for
 * @param achievedTuplesPerSecond what the generator emitted per second over the run
 * @param emitted tuples the generator sent successfully
 * @param dropped tuples lost anywhere on the way: sends that would have blocked, full queues
 * @param ingested tuples the consumer received
 * @param lagP99Ns the generator's schedule lag, 99th percentile over the run's seconds, ns
 * @param lagMaxNs its maximum, ns
 * @param lagAtEndNs the lag in the run's last second, ns: a lag that keeps growing ends high
 */
public record RunResult(
        long targetTuplesPerSecond,
        double achievedTuplesPerSecond,
        long emitted,
        long dropped,
        long ingested,
        long lagP99Ns,
        long lagMaxNs,
        long lagAtEndNs) {}
