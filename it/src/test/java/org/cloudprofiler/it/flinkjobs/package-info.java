/**
 * Flink programs as their users write them, with no call of the profiler, packed into a job
 * jar by the tests that submit them unchanged to a cluster.
 */
package org.cloudprofiler.it.flinkjobs;
