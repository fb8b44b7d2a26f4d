/**
 * Storm topologies as their users write them, with Storm's own {@code TopologyBuilder} and no
 * class of the profiler, packed into a topology jar by the tests that submit them unchanged to a
 * cluster.
 */
package org.cloudprofiler.it.stormjobs;
