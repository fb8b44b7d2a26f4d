/**
 * Storm integration: {@link org.cloudprofiler.storm.ProfiledTopologyBuilder} profiles every
 * task of a topology (docs/storm.md) with the probe points of cp-formats'
 * {@code org.cloudprofiler.channel}, poison pills to end a run, and {@code topology.json}.
 *
 * <p>API: the builder, the profiled components and {@link org.cloudprofiler.storm.FiniteSpout};
 * the collectors and {@code TaskProfiling} are the builder's own.
 */
package org.cloudprofiler.storm;
