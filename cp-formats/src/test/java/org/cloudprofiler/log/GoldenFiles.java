package org.cloudprofiler.log;

import java.util.Arrays;

/**
 * The recipes of the golden files in {@code src/test/resources/golden/} (their README lists the
 * same values). The native writer's tests compare its raw output to these files byte for byte.
 */
final class GoldenFiles {

    static final String ID_RAW = "id-raw.cplog";
    static final String ID_ZSTD = "id-zstd.cplog";
    static final String CPU_RAW = "cpu-raw.cplog";
    static final String KILLED = "killed.cplog";

    static final long PID = 4242;
    static final long TID = 4243;
    static final long TSC_HZ = 2_000_000_000L;
    static final long OPEN_TSC = 1_000_000L;
    static final long OPEN_MONO_NS = 5_000_000_000L;
    static final long OPEN_REALTIME_NS = 1_767_225_600_000_000_000L;
    static final String NODE = "golden-node";
    static final int ID_RECORDS = 150;
    static final int ID_FIRST_BLOCK_RECORDS = 100;
    static final int KILLED_CUT_BYTES = 10;
    static final long CPU_PERIOD_NS = 100_000_000L;
    static final int CPU_RECORDS = 5;

    private GoldenFiles() {}

    /** {@code id} of record {@code i} of the id channels. */
    static long id(int i) {
        return i;
    }

    /** {@code tsc} of record {@code i} of the id channels: steady steps with a little jitter. */
    static long idTsc(int i) {
        return 1_000_000L + 2_500L * i + (i % 7);
    }

    static long cpuTsc(int k) {
        return 1_000_000L + 200_000_000L * k;
    }

    static long cpuCount(int k) {
        return 1_000L * k;
    }

    /** {@code cpu_ns} of sample {@code k}: -1 (no writer thread known yet) in the first. */
    static long cpuNs(int k) {
        return k == 0 ? -1 : 50_000_000L * k;
    }

    static LogTrailer idTrailer() {
        return new LogTrailer(ID_RECORDS, 2, ID_RECORDS, 0, 0, 0, 0, 0, 2_000_000L,
                5_000_500_000L, 1_767_225_600_000_500_000L, TID, LogTrailer.CLOSED_BY_CALL);
    }

    static LogTrailer cpuTrailer() {
        return new LogTrailer(CPU_RECORDS, 1, 4_000, 0, 0, 0, 0, 0, 900_000_000L,
                5_450_000_000L, 1_767_225_600_450_000_000L, TID, LogTrailer.CLOSED_BY_CALL);
    }

    /** id-raw.cplog, or id-zstd.cplog with {@code codec} zstd, without the trailer yet. */
    static LogFileBuilder idBlocks(int codec) {
        LogFileBuilder builder = common(codec).handlerId(1).channel("golden/0/in")
                .columns("id", "tsc");
        builder.block(idColumn(0, ID_FIRST_BLOCK_RECORDS), idTscColumn(0, ID_FIRST_BLOCK_RECORDS));
        builder.block(idColumn(ID_FIRST_BLOCK_RECORDS, ID_RECORDS),
                idTscColumn(ID_FIRST_BLOCK_RECORDS, ID_RECORDS));
        return builder;
    }

    static byte[] idRaw() {
        return idBlocks(LogFileBuilder.RAW).trailer(idTrailer()).build();
    }

    static byte[] idZstd() {
        return idBlocks(LogFileBuilder.ZSTD).trailer(idTrailer()).build();
    }

    static byte[] killed() {
        byte[] complete = idBlocks(LogFileBuilder.RAW).build();
        return Arrays.copyOf(complete, complete.length - KILLED_CUT_BYTES);
    }

    static LogFileBuilder cpuBuilder() {
        LogFileBuilder builder = common(LogFileBuilder.RAW).handlerId(8)
                .parameter(0, CPU_PERIOD_NS).channel("golden/0/cpu")
                .columns("tsc", "count", "cpu_ns");
        long[] tsc = new long[CPU_RECORDS];
        long[] count = new long[CPU_RECORDS];
        long[] cpuNs = new long[CPU_RECORDS];
        for (int k = 0; k < CPU_RECORDS; k++) {
            tsc[k] = cpuTsc(k);
            count[k] = cpuCount(k);
            cpuNs[k] = cpuNs(k);
        }
        return builder.block(tsc, count, cpuNs).trailer(cpuTrailer());
    }

    static byte[] cpuRaw() {
        return cpuBuilder().build();
    }

    private static LogFileBuilder common(int codec) {
        return new LogFileBuilder().flags(0).pid(PID).openerTid(TID).tscHz(TSC_HZ)
                .openClocks(OPEN_TSC, OPEN_MONO_NS, OPEN_REALTIME_NS).codec(codec)
                .clockSource(0).multiWriter(0).node(NODE);
    }

    private static long[] idColumn(int from, int to) {
        long[] values = new long[to - from];
        for (int i = from; i < to; i++) {
            values[i - from] = id(i);
        }
        return values;
    }

    private static long[] idTscColumn(int from, int to) {
        long[] values = new long[to - from];
        for (int i = from; i < to; i++) {
            values[i - from] = idTsc(i);
        }
        return values;
    }
}
