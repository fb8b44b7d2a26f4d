package org.cloudprofiler.sync;

/**
 * A node that took part in clock synchronisation.
 *
 * @param id the node id its logs carry ({@code CP_NODE_ID} or the host name)
 * @param host the address the sync server saw it at
 * @param tscHz the node's own estimate of its clock frequency, Hz
 */
public record SyncNode(String id, String host, long tscHz) {}
