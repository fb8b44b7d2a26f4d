package org.cloudprofiler.sync.service.internal;

import org.cloudprofiler.internal.NativeLibrary;
import org.cloudprofiler.sync.SyncNode;
import org.cloudprofiler.sync.service.SyncAgent;
import org.cloudprofiler.sync.service.SyncAgentCounters;
import org.cloudprofiler.sync.service.SyncServerCounters;

/**
 * The sync service's native entry points (cp-native/src/main/cpp/jni/sync_jni.cpp), which take
 * and return named records. Each {@code long} is a native object owned by one Java wrapper,
 * which must call the matching {@code close0} last and exactly once. Not an API: use
 * {@code SyncServer} and {@code SyncAgent}.
 */
public final class SyncNative {
    static {
        NativeLibrary.load();
    }

    private SyncNative() {}

    public static native long serverStart0(String bindHost, int port, String token,
            int maxNodes);

    public static native String serverAddress0(long server);

    public static native boolean serverAwaitNodes0(long server, int count, int timeoutMs);

    /** The registered nodes, in the order they first registered. */
    public static native SyncNode[] serverNodes0(long server);

    /** One result per ordered pair of the nodes registered when the phase began. */
    public static native PairResult[] serverRunPhase0(long server, int exchanges,
            boolean keepAll, int exchangeTimeoutMs);

    /** One result per ordered pair of the nodes registered when the sweep began. */
    public static native SweepResult[] serverRunSweep0(long server, int[] sizes, int repetitions,
            int timeoutMs);

    public static native SyncServerCounters serverCounters0(long server);

    public static native int serverShutdownAgents0(long server, int timeoutMs);

    public static native void serverClose0(long server);

    public static native long agentCreate0(AgentOptions options);

    public static native String agentAddress0(long agent);

    public static native SyncAgent.Result agentRun0(long agent);

    public static native void agentStop0(long agent);

    public static native SyncAgentCounters agentCounters0(long agent);

    public static native void agentClose0(long agent);
}
