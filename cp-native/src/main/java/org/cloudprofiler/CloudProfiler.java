package org.cloudprofiler;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.internal.NativeCalls;
import org.cloudprofiler.internal.NativeCallsChoice;
import org.cloudprofiler.internal.NativeLibrary;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;

/**
 * The profiling API: open channels, log {@code <tuple id, TSC>} pairs, close them.
 *
 * <p>A channel is a {@code long} handle, not a pointer: a closed, stale or made-up handle is
 * rejected and counted ({@link ProfilerStats#invalidHandles()}), never a crash. A channel is
 * single-writer unless its handler is multi-writer ({@link HandlerType#isMultiWriter()}) or it
 * was opened with {@code multiWriter = true}: the first thread that logs to it owns it, and calls
 * from any other thread are rejected and counted. Every channel is flushed and closed on
 * {@link #closeChannel}, and on JVM shutdown (including SIGTERM) by a shutdown hook.
 *
 * <p>Configuration comes from the environment: {@code CP_LOG_DIR} (default
 * {@code ./cloudprofiler-logs}), {@code CP_NODE_ID} (default: the host name), and the buffering
 * settings described in {@code docs/configuration.md}.
 *
 * <p>The per-record calls ({@code logTS}, its variants, {@code readTsc}) take the cheapest
 * {@link NativeCallRoute} this JVM allows, chosen once: FFM downcalls on JDK 22 and later with
 * {@code --enable-native-access}, JNI otherwise. Both log exactly the same.
 */
public final class CloudProfiler {

    static {
        NativeLibrary.load();
        Runtime.getRuntime().addShutdownHook(
                new Thread(CloudProfiler::shutdown0, "cloudprofiler-shutdown"));
    }

    /** After the library is loaded: the FFM route reads the table it holds. */
    private static final NativeCalls CALLS = NativeCallsChoice.choose(new JniCalls());

    private CloudProfiler() {}

    /**
     * Opens a single-writer channel (multi-writer if the handler is) and creates its log file.
     *
     * @param name {@code <operator>/<task>/<point>}: components of letters, digits and
     *     {@code . _ - + @ =}, none of them {@code .} or {@code ..}
     * @throws IllegalArgumentException for a bad name
     * @throws CloudProfilerException if the log file cannot be created (the message names the
     *     directory and the fix) or the profiler has shut down
     */
    public static long openChannel(String name, LogFormat format, HandlerType handler) {
        return openChannel(name, format, handler, handler.isMultiWriter());
    }

    /** As {@link #openChannel(String, LogFormat, HandlerType)}, choosing multi-writer access. */
    public static long openChannel(
            String name, LogFormat format, HandlerType handler, boolean multiWriter) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(handler, "handler");
        return openChannel0(name, format.id(), handler.id(), multiWriter);
    }

    /**
     * Opens a channel with the handler and parameters a handler rule chose ({@code CpSettings},
     * the configuration server), multi-writer if the handler is.
     *
     * @throws IllegalArgumentException if {@code choice} is {@link HandlerChoice#OFF}: no channel
     *     is to be opened
     * @throws CloudProfilerException as {@link #openChannel(String, LogFormat, HandlerType)} and
     *     {@link #parameterize}; no channel is left open then
     */
    public static long openChannel(String name, LogFormat format, HandlerChoice choice) {
        if (choice.isOff()) {
            throw new IllegalArgumentException("the rule for " + name + " is OFF: open no channel");
        }
        long channel = openChannel(name, format, choice.handler());
        try {
            for (int i = 0; i < choice.parameters().size(); i++) {
                parameterize(channel, choice.handler().parameters().get(i),
                        choice.parameters().get(i));
            }
        } catch (RuntimeException e) {
            closeChannel(channel);
            throw e;
        }
        return channel;
    }

    /** Opens a channel as an {@link AutoCloseable} object. */
    public static Channel open(String name, LogFormat format, HandlerType handler) {
        return new Channel(openChannel(name, format, handler), name, handler);
    }

    /**
     * Sets {@code parameter} of the channel's handler, one of its {@link HandlerType#parameters()}
     * (e.g. {@code parameterize(cpu, HandlerType.Parameter.PERIOD_NS, 50_000_000)}). Allowed
     * until the first call is logged on the channel.
     *
     * @throws IllegalArgumentException if the handler has no such parameter (the message lists
     *     those it has) or the value is out of its range, or the handle is invalid
     * @throws IllegalStateException if the channel has already logged
     * @throws CloudProfilerException if a {@link HandlerType#RET_START} channel cannot bind the
     *     port it is given (the message names the port and the fix)
     */
    public static void parameterize(long channel, HandlerType.Parameter parameter, long value) {
        Objects.requireNonNull(parameter, "parameter");
        parameterize0(channel, parameter.name(), value);
    }

    /**
     * Logs {@code tupleId} with the current TSC. Allocation-free and lock-free for single-writer
     * channels.
     *
     * @return {@code true} if the channel accepted the call (it may still filter it, as
     *     {@code DOWNSAMPLE} does); {@code false} if the handle is invalid or closed, or the
     *     calling thread does not own the channel — each counted
     */
    public static boolean logTS(long channel, long tupleId) {
        return CALLS.logTS(channel, tupleId);
    }

    /** Logs {@code tupleId} with a TSC read earlier by {@link #readTsc()}. */
    public static boolean logTS(long channel, long tupleId, long tsc) {
        return CALLS.logTSAt(channel, tupleId, tsc);
    }

    /**
     * Logs {@code tupleId} now, as {@link #logTS(long, long)}, and returns the TSC the handler
     * recorded it with, so that related calls can be logged at the same time with
     * {@link #logTS(long, long, long)} (a fan-out's outputs, docs/design.md "Tuple lineage"). One
     * native call, allocation-free.
     *
     * @return the recorded TSC, or 0 if the handler recorded none (it filtered the call, or keeps
     *     no times: {@code NULL}, the counters) or the call was rejected as {@code logTS}'s
     */
    public static long logTSStamped(long channel, long tupleId) {
        return CALLS.logTSStamped(channel, tupleId);
    }

    /**
     * The cell in which the calling thread counts the calls of a counting channel
     * ({@code NULL}, {@code SPC}, {@code CPU}) from now on, without a native call per call. The
     * calling thread must own the channel (it has logged to it), which stays single-writer.
     *
     * @return the cell, or {@code null} if the channel's handler records calls, the channel is
     *     multi-writer or owned by another thread, or the handle is not open
     */
    public static CallCountCell countCell(long channel) {
        ByteBuffer cell = countCell0(channel);
        return cell == null ? null : new CallCountCell(cell);
    }

    /** The clock the channels use: TSC ticks ({@code rdtscp}), or ns where there is no TSC. */
    public static long readTsc() {
        return CALLS.readTsc();
    }

    /** How this JVM makes the per-record calls above: JNI, or FFM downcalls (JDK 22+). */
    public static NativeCallRoute nativeCallRoute() {
        return CALLS.route();
    }

    /** Estimated ticks per second of {@link #readTsc()}. */
    public static long tscHz() {
        return tscHz0();
    }

    /**
     * The address of this library's C table of logging entry points ({@code CpLogApi} in
     * {@code cp-native/src/main/cpp/api/log_api.h}), for native code of another library in this
     * JVM that logs to channels opened here (the generator's sender threads), and for this
     * class's FFM route. Not for other Java callers: use {@link #logTS(long, long, long)}. Valid
     * for the life of the process.
     */
    public static long nativeLogApi() {
        return nativeLogApi0();
    }

    /**
     * Flushes and closes the channel: every accepted record is in its file when this returns.
     *
     * @return {@code false} (and counted) if the handle was invalid or already closed
     */
    public static boolean closeChannel(long channel) {
        return closeChannel0(channel);
    }

    /**
     * Continues {@code channel} under the handler and log file of {@code successor}, a channel
     * opened (and parameterized) for it that nothing has logged to: calls on {@code channel}
     * reach the successor's handler from now on, without a lock or a branch more in
     * {@link #logTS}, and the old handler is flushed and its file closed when this returns. The
     * thread that owned the old single-writer channel owns the new one; {@code successor}'s
     * handle is no longer valid. Every call accepted on {@code channel} is in one of the two
     * files. Any thread.
     *
     * @return {@code false}, and nothing changes, if either handle is invalid or closed (the
     *     caller still owns {@code successor} then)
     */
    public static boolean swapHandler(long channel, long successor) {
        return swapHandler0(channel, successor);
    }

    /** Counters of one channel, or {@code null} if the handle is invalid or closed. */
    public static ChannelStats channelStats(long channel) {
        return channelStats0(channel);
    }

    /** Process-wide counters. */
    public static ProfilerStats stats() {
        return profilerStats0();
    }

    /** The directory this process writes its logs to: {@code $CP_LOG_DIR/<node>}. */
    public static String logDirectory() {
        return logDirectory0();
    }

    /** Problems the native core reported so far (write errors, exhausted memory, misuse). */
    public static List<String> warnings() {
        return List.of(warnings0());
    }

    /** The per-record calls through this class's JNI natives, which every JDK has. */
    private static final class JniCalls implements NativeCalls {
        @Override
        public NativeCallRoute route() {
            return NativeCallRoute.JNI;
        }

        @Override
        public boolean logTS(long channel, long tupleId) {
            return logTS0(channel, tupleId);
        }

        @Override
        public boolean logTSAt(long channel, long tupleId, long tsc) {
            return logTSAt0(channel, tupleId, tsc);
        }

        @Override
        public long logTSStamped(long channel, long tupleId) {
            return logTSStamped0(channel, tupleId);
        }

        @Override
        public long readTsc() {
            return readTsc0();
        }
    }

    private static native long openChannel0(
            String name, int format, int handler, boolean multiWriter);

    private static native void parameterize0(long channel, String parameter, long value);

    private static native boolean logTS0(long channel, long tupleId);

    private static native boolean logTSAt0(long channel, long tupleId, long tsc);

    private static native long logTSStamped0(long channel, long tupleId);

    private static native long readTsc0();

    private static native long tscHz0();

    private static native long nativeLogApi0();

    private static native ByteBuffer countCell0(long channel);

    private static native boolean closeChannel0(long channel);

    private static native boolean swapHandler0(long channel, long successor);

    private static native ChannelStats channelStats0(long channel);

    private static native ProfilerStats profilerStats0();

    private static native String logDirectory0();

    private static native String[] warnings0();

    private static native void shutdown0();
}
