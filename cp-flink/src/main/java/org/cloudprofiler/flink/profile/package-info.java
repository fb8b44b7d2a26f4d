/**
 * API: profiling a Flink job by configuration ({@code execution.target: cloudprofiler}, through
 * {@link org.cloudprofiler.flink.profile.ProfilingExecutorFactory} and
 * {@link org.cloudprofiler.flink.profile.ProfilingClusterClientFactory}, configured by
 * {@link org.cloudprofiler.flink.profile.CloudProfilerFlinkOptions}) or with one call ({@link
 * org.cloudprofiler.flink.profile.CloudProfilerFlink}); the rest is how: the stream graph
 * rewrite both apply, the profiled operators, outputs and sources, and the serializer that
 * carries tuple ids across exchanges (docs/flink.md, "Profiling by configuration" and
 * "Profiling a job").
 */
package org.cloudprofiler.flink.profile;
