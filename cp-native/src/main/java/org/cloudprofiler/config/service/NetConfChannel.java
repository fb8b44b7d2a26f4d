package org.cloudprofiler.config.service;

import java.util.List;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;

/**
 * A {@code NET_CONF} channel that follows its rule while it is open: when the configuration
 * server's rule for it changes, {@link NetConf}'s watcher opens a channel of the same name with
 * the new handler and {@linkplain CloudProfiler#swapHandler swaps} it in under this channel's
 * handle, which flushes and closes the old one. Each handler's period is therefore its own log
 * file (docs/log-format.md, "Channels whose handler changes"), and the handler in force for
 * every record is the one in its file's header. A rule of {@code OFF} continues the channel as
 * {@code NULL}: a file without records marks the period. The handle never changes, so
 * {@link #log} is {@code logTS} on it and nothing more.
 *
 * <p>Threading: {@link #log} from the channel's one writer thread, as any single-writer channel
 * (the writer keeps the channel across changes); the swap happens on the watcher's thread,
 * {@link #close} and {@link #handler} from any thread.
 */
public final class NetConfChannel implements AutoCloseable {
    private static final HandlerChoice NO_RECORDS = new HandlerChoice(HandlerType.NULL,
            List.of());

    private final NetConf netConf;
    private final String name;
    private final LogFormat format;
    private final HandlerChoice requested;
    private final long handle;
    private volatile HandlerChoice handler;
    private boolean closed;  // guarded by this
    private long changes;  // guarded by this

    NetConfChannel(NetConf netConf, String name, LogFormat format, HandlerChoice requested,
            HandlerChoice chosen) {
        this.netConf = netConf;
        this.name = name;
        this.format = format;
        this.requested = requested;
        this.handler = chosen;
        this.handle = CloudProfiler.openChannel(name, format, recording(chosen));
    }

    /**
     * Logs {@code tupleId} now with the handler in force: a call during a change reaches the old
     * handler or the new one, and is in that handler's file.
     *
     * @return as {@link CloudProfiler#logTS(long, long)}
     */
    public boolean log(long tupleId) {
        return CloudProfiler.logTS(handle, tupleId);
    }

    /**
     * As {@link #log}, returning the TSC the handler in force recorded the call with.
     *
     * @return as {@link CloudProfiler#logTSStamped(long, long)}
     */
    public long logStamped(long tupleId) {
        return CloudProfiler.logTSStamped(handle, tupleId);
    }

    /**
     * Logs {@code tupleId} at {@code tsc}, a time read earlier, with the handler in force.
     *
     * @return as {@link CloudProfiler#logTS(long, long, long)}
     */
    public boolean logAt(long tupleId, long tsc) {
        return CloudProfiler.logTS(handle, tupleId, tsc);
    }

    /** The rule in force: the server's, or the requested handler when the server has none. */
    public HandlerChoice handler() {
        return handler;
    }

    /** Counters of the handler in force since it came into force, or {@code null} once closed. */
    public ChannelStats stats() {
        return CloudProfiler.channelStats(handle);
    }

    /** The handler changes this channel has followed since it opened. */
    public synchronized long changes() {
        return changes;
    }

    public String name() {
        return name;
    }

    HandlerChoice requested() {
        return requested;
    }

    /**
     * Makes {@code next} the handler in force: its file is opened, then swapped in under this
     * channel's handle, which flushes and closes the old one. Watcher thread only.
     *
     * @throws org.cloudprofiler.CloudProfilerException if the successor cannot be opened; the
     *     old handler stays
     */
    synchronized void follow(HandlerChoice next) {
        if (closed || next.equals(handler)) {
            return;
        }
        long successor = CloudProfiler.openChannel(name, format, recording(next));
        if (!CloudProfiler.swapHandler(handle, successor)) {
            // This channel was closed under us (the profiler shut down): the successor is unused.
            CloudProfiler.closeChannel(successor);
            return;
        }
        handler = next;
        changes++;
    }

    /** Flushes and closes the channel and stops following its rule; closing twice is harmless. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            netConf.stopFollowing(this);
            CloudProfiler.closeChannel(handle);
        }
    }

    private static HandlerChoice recording(HandlerChoice choice) {
        return choice.isOff() ? NO_RECORDS : choice;
    }
}
