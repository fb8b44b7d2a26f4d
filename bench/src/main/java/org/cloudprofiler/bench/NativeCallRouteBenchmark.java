package org.cloudprofiler.bench;

import java.util.concurrent.TimeUnit;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.NativeCallRoute;
import org.cloudprofiler.internal.NativeCallsProperty;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The per-record native calls by route, in one run: {@code readTsc} and {@code logTS} on a
 * BUFFERED_ID zstd channel, each in a fork held on JNI ({@code -Dcloudprofiler.downcalls=jni})
 * and in a fork that takes the cheapest route the JVM allows (with
 * {@code --enable-native-access}: FFM downcalls on JDK 22 and later, JNI before). Run on each
 * JDK; every fork prints the route it took.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class NativeCallRouteBenchmark {
    private static final String JNI = "-D" + NativeCallsProperty.NAME + "=jni";
    private static final String ALLOWED = "--enable-native-access=ALL-UNNAMED";

    private long handle;
    private long nextTupleId;

    @Setup(Level.Trial)
    public void openChannel() {
        LoggedChannel channel = LoggedChannel.BUFFERED_ID_ZSTD;
        BenchLogs.deleteOperator(channel.operator());
        handle = CloudProfiler.openChannel(channel.channelName(), channel.format(),
                channel.handler());
        NativeCallRoute route = CloudProfiler.nativeCallRoute();
        System.out.printf("%nroute: %s on JDK %d%n", route, Runtime.version().feature());
    }

    @Benchmark
    @Fork(jvmArgsAppend = JNI)
    @OperationsPerInvocation(CallBatch.CALLS)
    public long readTscJni() {
        return CallBatch.readTsc();
    }

    @Benchmark
    @Fork(jvmArgsAppend = ALLOWED)
    @OperationsPerInvocation(CallBatch.CALLS)
    public long readTscAllowed() {
        return CallBatch.readTsc();
    }

    @Benchmark
    @Fork(jvmArgsAppend = JNI)
    @OperationsPerInvocation(CallBatch.CALLS)
    public int logTSJni() {
        return logTS();
    }

    private int logTS() {
        int accepted = CallBatch.logTS(handle, nextTupleId);
        nextTupleId += CallBatch.CALLS;
        return accepted;
    }

    @Benchmark
    @Fork(jvmArgsAppend = ALLOWED)
    @OperationsPerInvocation(CallBatch.CALLS)
    public int logTSAllowed() {
        return logTS();
    }

    @TearDown(Level.Trial)
    public void closeChannel() {
        ChannelStats stats = CloudProfiler.channelStats(handle);
        CloudProfiler.closeChannel(handle);
        BenchLogs.deleteOperator(LoggedChannel.BUFFERED_ID_ZSTD.operator());
        System.out.printf("%n%,d calls accepted, %,d stalls (%.1f ms waiting for memory)%n",
                stats.accepted(), stats.stalls(), stats.stallNs() / 1e6);
        if (stats.rejected() != 0) {
            throw new IllegalStateException(stats.rejected() + " calls rejected; the benchmark"
                    + " thread did not own its channel");
        }
    }
}
