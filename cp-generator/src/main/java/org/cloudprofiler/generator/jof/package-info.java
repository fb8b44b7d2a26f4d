/**
 * The Java Object Factory: receives the generator's buckets off ZeroMQ, deserializes them off
 * the engine's critical path and hands them to Storm spouts or Flink sources through one
 * single-producer single-consumer queue per receiver thread.
 *
 * <p>Start one with {@link org.cloudprofiler.generator.jof.JavaObjectFactory#builder()}; drain
 * it through {@link org.cloudprofiler.generator.jof.QueuePoller}s, one consumer thread per
 * subset of the receivers; read its counts as
 * {@link org.cloudprofiler.generator.jof.JofCounters} snapshots.
 */
package org.cloudprofiler.generator.jof;
