package org.cloudprofiler.bench.storm;

/**
 * How the JofSpout runs are set up; docs/benchmarks.md says why these values.
 *
 * @param receiversPerTask JOF receiver threads per spout task
 * @param queueCapacity buckets each receiver queue holds before it drops
 * @param maxBucketsPerNextTuple buckets one {@code nextTuple} may emit
 * @param bucketTuples tuples per generator bucket
 * @param senderThreads generator sender threads
 * @param generatorSpinUs how long before each due time a generator sender spins, µs
 */
record JofTuning(int receiversPerTask, int queueCapacity, int maxBucketsPerNextTuple,
        int bucketTuples, int senderThreads, int generatorSpinUs) {}
