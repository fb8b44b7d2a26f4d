package org.cloudprofiler.bench;

import java.util.concurrent.TimeUnit;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.CloudProfiler;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Java {@code logTS(handle, id)} per call, one writer thread per channel, sequential ids.
 *
 * <p>Thread-scoped state: JMH opens the channel on the worker thread that then logs to it, so
 * that thread owns the single-writer channel. Each invocation makes {@link CallBatch#CALLS}
 * calls; JMH divides by that, in both the average and the sampled distribution.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LogTsBenchmark {

    @Param({"NULL", "SPC", "ID_RAW", "BUFFERED_ID_RAW", "BUFFERED_ID_ZSTD", "DOWNSAMPLE_ZSTD"})
    public LoggedChannel channel;

    private long handle;
    private long nextTupleId;

    @Setup(Level.Trial)
    public void openChannel() {
        BenchLogs.deleteOperator(channel.operator());
        handle = CloudProfiler.openChannel(channel.channelName(), channel.format(),
                channel.handler());
        nextTupleId = 0;
    }

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public int logTS() {
        long tupleId = nextTupleId;
        int accepted = 0;
        for (int i = 0; i < CallBatch.CALLS; i++) {
            accepted += CloudProfiler.logTS(handle, tupleId++) ? 1 : 0;
        }
        nextTupleId = tupleId;
        return accepted;
    }

    @TearDown(Level.Trial)
    public void closeChannel() {
        ChannelStats stats = CloudProfiler.channelStats(handle);
        long closeStartedNs = System.nanoTime();
        CloudProfiler.closeChannel(handle);
        long closeNs = System.nanoTime() - closeStartedNs;
        // Printed into the JMH log: a mean inflated by waiting for memory shows up here.
        System.out.printf(
                "%n%s: %,d calls accepted, %,d recorded, %,d filtered, %,d dropped, %,d stalls"
                        + " (%.1f ms waiting for memory), %.1f ms to flush on close%n",
                channel, stats.accepted(), stats.recorded(), stats.filtered(), stats.dropped(),
                stats.stalls(), stats.stallNs() / 1e6, closeNs / 1e6);
        BenchLogs.deleteOperator(channel.operator());
        if (stats.rejected() != 0) {
            // The figures above would time the rejection path, not logging.
            throw new IllegalStateException(channel + ": " + stats.rejected()
                    + " calls rejected; the benchmark thread did not own its channel");
        }
    }
}
