/**
 * {@code sync.json} (docs/sync-format.md): the clock exchanges between nodes that the sync
 * service measured, as {@link org.cloudprofiler.sync.SyncData}, read and written by
 * {@link org.cloudprofiler.sync.SyncJson}, and the fit of transfer times they allow.
 *
 * <p>API: the data of a sync run; the service that measures it is
 * {@code org.cloudprofiler.sync.service} in cp-native.
 */
package org.cloudprofiler.sync;
