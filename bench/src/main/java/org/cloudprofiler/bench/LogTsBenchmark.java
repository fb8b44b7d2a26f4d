package org.cloudprofiler.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.config.ServerAddress;
import org.cloudprofiler.config.service.ConfigClient;
import org.cloudprofiler.config.service.ConfigServer;
import org.cloudprofiler.config.service.NetConf;
import org.cloudprofiler.log.HandlerType;
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

    @Param({"NULL", "SPC", "ID_RAW", "BUFFERED_ID_RAW", "BUFFERED_ID_ZSTD",
            "NET_CONF_BUFFERED_ID_ZSTD", "DOWNSAMPLE_ZSTD"})
    public LoggedChannel channel;

    private long handle;
    private long nextTupleId;

    @Setup(Level.Trial)
    public void openChannel() throws IOException {
        BenchLogs.deleteOperator(channel.operator());
        handle = channel.netConf() ? openThroughConfigServer()
                : CloudProfiler.openChannel(channel.channelName(), channel.format(),
                        channel.handler());
        nextTupleId = 0;
    }

    /**
     * Opens the channel as {@code NET_CONF} requesting NULL, against a configuration server on
     * loopback whose rule gives it {@link LoggedChannel#handler()}; stops the server after the
     * answer, as the channel no longer needs it.
     */
    private long openThroughConfigServer() throws IOException {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", null);
                ConfigClient client = new ConfigClient(server.address(), "")) {
            client.set(channel.operator() + "/**=" + channel.handler(), false,
                    Duration.ofSeconds(5));
            NetConf netConf = NetConf.of(
                    new ServerAddress("127.0.0.1", server.address().getPort()), "");
            long opened = netConf.openChannel(channel.channelName(), channel.format(),
                    new HandlerChoice(HandlerType.NULL, List.of()));
            if (NetConf.counters().fallbacks() != 0) {
                throw new IllegalStateException(channel + " fell back to NULL: the figures"
                        + " would time NULL, not the server's choice");
            }
            return opened;
        }
    }

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public int logTS() {
        int accepted = CallBatch.logTS(handle, nextTupleId);
        nextTupleId += CallBatch.CALLS;
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
