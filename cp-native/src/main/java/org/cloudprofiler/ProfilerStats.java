package org.cloudprofiler;

/**
 * Process-wide counters of the native core.
 *
 * @param openChannels channels open now
 * @param invalidHandles calls with a closed, stale or made-up handle, rejected
 * @param blocksInFlight full blocks waiting for compression or writing now
 * @param bytesInFlight memory those blocks hold
 * @param budgetBytes the bound on {@code bytesInFlight} ({@code CP_BUFFER_MB})
 * @param bytesWritten bytes written to log files
 * @param writeErrors writes that failed (disk full, ...), see {@link CloudProfiler#warnings()}
 * @param droppedRecords records dropped by all channels under {@code CP_ON_FULL=drop}
 * @param failedCalls calls rejected because their handler failed (out of memory), see the
 *     warnings
 */
public record ProfilerStats(
        long openChannels,
        long invalidHandles,
        long blocksInFlight,
        long bytesInFlight,
        long budgetBytes,
        long bytesWritten,
        long writeErrors,
        long droppedRecords,
        long failedCalls) {}
