package org.cloudprofiler.log;

import java.util.List;

/**
 * The header of a channel log file: who wrote it, how, and the clock pair taken at open. Fields
 * the format stores as unsigned (u32, u64) are carried in {@code long}s.
 *
 * @param version format version, 1
 * @param flags bit 0: the test clock was active ({@link #testClock()})
 * @param headerLengthBytes header length {@code H}; the first block starts there
 * @param pid process id of the writer
 * @param openerTid OS thread id of the thread that opened the channel
 * @param tscHz TSC frequency estimate, Hz
 * @param openTsc clock pair at open: TSC
 * @param openMonoNs clock pair at open: {@code CLOCK_MONOTONIC_RAW}, ns
 * @param openRealtimeNs clock pair at open: {@code CLOCK_REALTIME}, ns since the epoch
 * @param handlerId handler id as stored; {@link #handler()} maps it
 * @param codecId the channel's block codec as stored; {@link #codec()} maps it
 * @param clockSource {@link #CLOCK_SOURCE_RDTSCP} or {@link #CLOCK_SOURCE_MONOTONIC_RAW}
 * @param multiWriter whether the channel was opened multi-writer
 * @param parameters handler parameters {@code p0..p3}
 * @param node node id
 * @param channel channel name, {@code <operator>/<task>/<point>}
 * @param columns the columns of every record, in storage order
 */
public record LogHeader(
        int version,
        int flags,
        int headerLengthBytes,
        long pid,
        long openerTid,
        long tscHz,
        long openTsc,
        long openMonoNs,
        long openRealtimeNs,
        int handlerId,
        int codecId,
        int clockSource,
        boolean multiWriter,
        List<Long> parameters,
        String node,
        String channel,
        List<LogColumn> columns) {

    /** Clock source: timestamps are {@code rdtscp} TSC ticks. */
    public static final int CLOCK_SOURCE_RDTSCP = 0;
    /** Clock source: timestamps are {@code CLOCK_MONOTONIC_RAW} ns (non-x86 fallback). */
    public static final int CLOCK_SOURCE_MONOTONIC_RAW = 1;
    /** Flag bit 0: the test clock ({@code CP_TEST_CLOCK}) skewed the timestamps. */
    public static final int FLAG_TEST_CLOCK = 1;

    public LogHeader {
        parameters = List.copyOf(parameters);
        columns = List.copyOf(columns);
    }

    /** The handler, or {@code null} if the id is not one this version knows. */
    public HandlerType handler() {
        return HandlerType.fromId(handlerId);
    }

    /** The channel's block codec, or {@code null} if the id is not one this version knows. */
    public LogFormat codec() {
        return LogFormat.fromId(codecId);
    }

    /** Whether the test clock skewed the timestamps of this channel. */
    public boolean testClock() {
        return (flags & FLAG_TEST_CLOCK) != 0;
    }

    /** Handler parameter {@code p<index>}, index 0 to 3. */
    public long parameter(int index) {
        return parameters.get(index);
    }

    /** Number of columns per record, 1 to 8. */
    public int columnCount() {
        return columns.size();
    }

    /** Index of the column with this name, or -1 if there is none. */
    public int columnIndex(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
