/**
 * {@code topology.json}: the components, tasks and edges of a profiled job
 * (docs/topology-format.md). Every engine writes one
 * {@link org.cloudprofiler.topology.TopologyDescription} per node with
 * {@link org.cloudprofiler.topology.TopologyFile}; the analyzer reads them to know the hops.
 *
 * <p>API.
 */
package org.cloudprofiler.topology;
