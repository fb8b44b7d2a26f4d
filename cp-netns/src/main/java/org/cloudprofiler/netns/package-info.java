/**
 * Several nodes on one machine: {@link org.cloudprofiler.netns.NetworkNamespaces} builds network
 * namespaces joined to a bridge (or falls back to the loopback), and a
 * {@link org.cloudprofiler.netns.NetworkNode} says where a node's processes bind and how to start
 * one there. The local cluster of {@code cloudprofiler cluster} and the multi-node tests stand on
 * it.
 */
package org.cloudprofiler.netns;
