/**
 * The clock sync service (docs/sync-protocol.md): a
 * {@link org.cloudprofiler.sync.service.SyncServer} on one node and a
 * {@link org.cloudprofiler.sync.service.SyncAgent} on every node exchange UDP packets timestamped
 * with the TSC in native code and leave {@code sync.json}.
 *
 * <p>API.
 */
package org.cloudprofiler.sync.service;
