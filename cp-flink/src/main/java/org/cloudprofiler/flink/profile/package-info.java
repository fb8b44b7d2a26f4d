/**
 * API: profiling a Flink job with one call ({@link
 * org.cloudprofiler.flink.profile.CloudProfilerFlink}); the rest is how: the stream graph
 * rewrite, the profiled operators, outputs and sources, and the serializer that carries tuple
 * ids across exchanges (docs/flink.md, "Profiling a job").
 */
package org.cloudprofiler.flink.profile;
