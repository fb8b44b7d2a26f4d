package org.cloudprofiler.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Map;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.probe.TaskProbe;

/**
 * The per-record native calls by the CPU time of the calling thread rather than wall time:
 * {@code readTsc}, {@code logTS} on a BUFFERED_ID zstd channel and a record through the task
 * probe with the default handlers, traced ({@link TaskProbeRecordBenchmark}'s), {@value #BATCHES}
 * batches of {@value #CALLS_PER_BATCH} each, alternating, after a warm-up; prints the route this
 * JVM took and each one's minimum and median ns of CPU time over the batches. On a machine shared
 * with other processes a thread's CPU time leaves out the time it waited for a core, which wall
 * time (JMH) counts; what a neighbour on the sibling hyperthread takes still shows.
 */
public final class NativeCallCpuTimeBench {
    private static final int BATCHES = 40;
    private static final int CALLS_PER_BATCH = 1_000_000;
    private static final int WARM_UP_BATCHES = 10;

    private NativeCallCpuTimeBench() {}

    public static void main(String[] args) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        LoggedChannel channel = LoggedChannel.BUFFERED_ID_ZSTD;
        BenchLogs.deleteOperator(channel.operator());
        long handle = CloudProfiler.openChannel(channel.channelName(), channel.format(),
                channel.handler());
        TaskProbe probe = BenchProbes.open("cpu-time-bench",
                CpSettings.from(Map.of("cloudprofiler.handlers", "", "cloudprofiler.sample", "1")));
        double[] readTscNs = new double[BATCHES];
        double[] logTsNs = new double[BATCHES];
        double[] recordNs = new double[BATCHES];
        long tupleId = 0;
        long sink = 0;
        for (int batch = -WARM_UP_BATCHES; batch < BATCHES; batch++) {
            long started = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < CALLS_PER_BATCH; i += CallBatch.CALLS) {
                sink += CallBatch.readTsc();
            }
            long between = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < CALLS_PER_BATCH; i += CallBatch.CALLS) {
                sink += CallBatch.logTS(handle, tupleId);
                tupleId += CallBatch.CALLS;
            }
            long logged = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < CALLS_PER_BATCH; i += CallBatch.CALLS) {
                sink += BenchProbes.records(probe, tupleId);
                tupleId += CallBatch.CALLS;
            }
            long ended = threads.getCurrentThreadCpuTime();
            if (batch >= 0) {
                readTscNs[batch] = (between - started) / (double) CALLS_PER_BATCH;
                logTsNs[batch] = (logged - between) / (double) CALLS_PER_BATCH;
                recordNs[batch] = (ended - logged) / (double) CALLS_PER_BATCH;
            }
        }
        BenchProbes.close(probe);
        CloudProfiler.closeChannel(handle);
        BenchLogs.deleteOperator(channel.operator());
        System.out.printf("route %s on JDK %d (checksum %d): readTsc min %.1f median %.1f ns;"
                        + " logTS BUFFERED_ID zstd min %.1f median %.1f ns; task probe record,"
                        + " traced, min %.1f median %.1f ns of CPU per call%n",
                CloudProfiler.nativeCallRoute(), Runtime.version().feature(), sink & 1,
                min(readTscNs), median(readTscNs), min(logTsNs), median(logTsNs),
                min(recordNs), median(recordNs));
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElseThrow();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
