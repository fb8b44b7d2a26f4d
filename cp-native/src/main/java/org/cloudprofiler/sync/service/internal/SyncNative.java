package org.cloudprofiler.sync.service.internal;

import org.cloudprofiler.internal.NativeLibrary;

/**
 * The sync service's native entry points (cp-native/src/main/cpp/jni/sync_jni.cpp). Each
 * {@code long} is a native object owned by one Java wrapper, which must call the matching
 * {@code close0} last and exactly once. Not an API: use {@code SyncServer} and {@code SyncAgent}.
 */
public final class SyncNative {
    static {
        NativeLibrary.load();
    }

    private SyncNative() {}

    public static native long serverStart0(String bindHost, int port, String token);

    public static native String serverAddress0(long server);

    public static native boolean serverAwaitNodes0(long server, int count, int timeoutMs);

    /** Three strings per node: id, address ({@code ip:port}), TSC Hz in decimal. */
    public static native String[] serverNodes0(long server);

    /**
     * {@code {long[] pairs, String[] problems}}. Per pair: from, to (node indices), completed,
     * lost, min s, b, r, n, then n exchanges of s, b, r. One problem per pair, empty if none.
     */
    public static native Object[] serverRunPhase0(long server, int exchanges, boolean keepAll,
            int exchangeTimeoutMs);

    /**
     * {@code {long[] sweeps, String[] problems}}. Per ordered pair: from, to, n, then n points
     * of payload bytes, completed repetitions, min ticks (initiator's clock). One problem per
     * pair, empty if none.
     */
    public static native Object[] serverRunSweep0(long server, int[] sizes, int repetitions,
            int timeoutMs);

    /** malformed, oversized, wrong token, unexpected, registrations, refused. */
    public static native long[] serverCounters0(long server);

    public static native int serverShutdownAgents0(long server, int timeoutMs);

    public static native void serverClose0(long server);

    public static native long agentCreate0(String serverHost, int serverPort, String nodeId,
            String bindHost, int port, String token, int serverTimeoutMs);

    public static native String agentAddress0(long agent);

    /** {outcome, message}. */
    public static native String[] agentRun0(long agent);

    public static native void agentStop0(long agent);

    /**
     * malformed, oversized, wrong token, unexpected, pings answered, exchanges completed,
     * exchanges lost, sweep frames answered, bad sweep frames, exchanges with r &lt; s.
     */
    public static native long[] agentCounters0(long agent);

    public static native void agentClose0(long agent);
}
