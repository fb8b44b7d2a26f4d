package org.cloudprofiler;

/**
 * Process-wide counters of the native core.
 *
 * @param openChannels channels open now
 * @param invalidHandles calls with a closed, stale or made-up handle, rejected
 * @param blocksInFlight full blocks waiting for compression or writing now
 * @param maxBlocksInFlight the bound on {@code blocksInFlight} (the memory budget)
 * @param bytesWritten bytes written to log files
 * @param writeErrors blocks that could not be written (disk full, ...), see the warnings
 * @param droppedRecords records dropped by all channels under the {@code drop} policy
 */
public record ProfilerStats(
        long openChannels,
        long invalidHandles,
        long blocksInFlight,
        long maxBlocksInFlight,
        long bytesWritten,
        long writeErrors,
        long droppedRecords) {

    static ProfilerStats fromArray(long[] v) {
        return new ProfilerStats(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
    }
}
