package org.cloudprofiler.log;

/**
 * Totals a channel writes when it is closed cleanly. Fields the format stores as u64 or u32 are
 * unsigned; print them with {@link Long#toUnsignedString(long)} if they may exceed
 * {@link Long#MAX_VALUE}.
 *
 * @param recordsWritten records in all blocks written
 * @param blocksWritten blocks written
 * @param callsAccepted {@code logTS} calls that passed the handle and thread checks
 * @param callsFiltered accepted calls the handler chose not to record
 * @param recordsDropped records lost because buffer memory ran out under the {@code drop} policy
 * @param callsRejected calls refused: wrong thread, or after close
 * @param stalls times a writer waited for buffer memory under the {@code block} policy
 * @param stallNs total time writers waited, ns
 * @param closeTsc clock pair at close: TSC
 * @param closeMonoNs clock pair at close: {@code CLOCK_MONOTONIC_RAW}, ns
 * @param closeRealtimeNs clock pair at close: {@code CLOCK_REALTIME}, ns since the epoch
 * @param writerTid OS thread id of the writer thread, 0 if none or multi-writer
 * @param closeReason {@link #CLOSED_BY_CALL} or {@link #CLOSED_AT_SHUTDOWN}
 */
public record LogTrailer(
        long recordsWritten,
        long blocksWritten,
        long callsAccepted,
        long callsFiltered,
        long recordsDropped,
        long callsRejected,
        long stalls,
        long stallNs,
        long closeTsc,
        long closeMonoNs,
        long closeRealtimeNs,
        long writerTid,
        int closeReason) {

    /** Close reason: the application called {@code closeChannel}. */
    public static final int CLOSED_BY_CALL = 1;
    /** Close reason: the process shut down with the channel still open. */
    public static final int CLOSED_AT_SHUTDOWN = 2;
}
