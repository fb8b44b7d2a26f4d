package org.cloudprofiler.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.config.ServerAddress;
import org.cloudprofiler.config.service.ConfigClient;
import org.cloudprofiler.config.service.ConfigServer;
import org.cloudprofiler.config.service.NetConf;
import org.cloudprofiler.config.service.NetConfChannel;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@code NetConfChannel.log(id)} per call: a {@code NET_CONF} channel that follows its rule,
 * BUFFERED_ID zstd by the server's rule, one writer, sequential ids, while the watcher asks the
 * server every 250 ms and the rule does not change. Compare with {@link LogTsBenchmark}'s
 * {@code BUFFERED_ID_ZSTD} in the same run: the difference is what following costs a call.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FollowingChannelBenchmark {
    private static final String OPERATOR = "bench-following";

    private ConfigServer server;
    private NetConfChannel channel;
    private long nextTupleId;

    @Setup(Level.Trial)
    public void openChannel() throws IOException {
        BenchLogs.deleteOperator(OPERATOR);
        server = ConfigServer.start("127.0.0.1", 0, "", null);
        try (ConfigClient client = new ConfigClient(server.address(), "")) {
            client.set(OPERATOR + "/**=BUFFERED_ID", false, Duration.ofSeconds(5));
        }
        NetConf netConf = NetConf.of(new ServerAddress("127.0.0.1", server.address().getPort()),
                "");
        channel = netConf.open(OPERATOR + "/0/in", LogFormat.ZSTD,
                new HandlerChoice(HandlerType.NULL, List.of()));
        if (channel.handler().handler() != HandlerType.BUFFERED_ID) {
            throw new IllegalStateException("the channel fell back to " + channel.handler()
                    + ": the figures would time NULL");
        }
        nextTupleId = 0;
    }

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public int log() {
        long tupleId = nextTupleId;
        int accepted = 0;
        for (int i = 0; i < CallBatch.CALLS; i++) {
            accepted += channel.log(tupleId++) ? 1 : 0;
        }
        nextTupleId = tupleId;
        return accepted;
    }

    @TearDown(Level.Trial)
    public void closeChannel() {
        channel.close();
        server.close();
        BenchLogs.deleteOperator(OPERATOR);
    }
}
