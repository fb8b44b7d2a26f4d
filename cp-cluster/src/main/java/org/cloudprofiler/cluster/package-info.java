/**
 * The local cluster: Storm, Flink and Kafka started from the build's Maven jars as processes on
 * several nodes of one machine (network namespaces of {@code org.cloudprofiler.netns}, or the
 * loopback), what {@code cloudprofiler cluster} runs and the multi-process tests stand on
 * (docs/cluster.md).
 *
 * <p>API: {@link org.cloudprofiler.cluster.LocalCluster} (make, open, start, run, stop and take
 * down a cluster in its directory), its {@link org.cloudprofiler.cluster.ClusterLayout} and
 * recorded {@link org.cloudprofiler.cluster.ClusterState}, the engines
 * ({@link org.cloudprofiler.cluster.ClusterEngine}: {@link
 * org.cloudprofiler.cluster.StormCluster}, {@link org.cloudprofiler.cluster.FlinkCluster},
 * {@link org.cloudprofiler.cluster.KafkaCluster}, by name in {@link
 * org.cloudprofiler.cluster.ClusterEngines}) with their clients ({@link
 * org.cloudprofiler.cluster.StormClient}, {@link org.cloudprofiler.cluster.FlinkClient}), and
 * what a process is and when it is up ({@link org.cloudprofiler.cluster.ClusterProcess},
 * {@link org.cloudprofiler.cluster.Readiness}). The Storm home and Kafka's storage are the
 * engines' own. No command line here: the {@code cluster} commands are cp-cli's.
 */
package org.cloudprofiler.cluster;
