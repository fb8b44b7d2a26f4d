/**
 * The profiled YSB submitted to the clusters of docker/compose.yaml ({@code storm jar},
 * {@code flink run}), as docs/cluster.md runs it and the suites of this module check it.
 */
package org.cloudprofiler.it;
