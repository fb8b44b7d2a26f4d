package org.cloudprofiler;

import org.cloudprofiler.log.HandlerType;

/**
 * A channel as an object, closed by try-with-resources. Same threading contract as the handle
 * it wraps: single-writer unless its handler is multi-writer.
 */
public final class Channel implements AutoCloseable {
    private final long handle;
    private final String name;
    private final HandlerType handler;

    Channel(long handle, String name, HandlerType handler) {
        this.handle = handle;
        this.name = name;
        this.handler = handler;
    }

    /** See {@link CloudProfiler#logTS(long, long)}. */
    public boolean log(long tupleId) {
        return CloudProfiler.logTS(handle, tupleId);
    }

    /** See {@link CloudProfiler#logTS(long, long, long)}. */
    public boolean log(long tupleId, long tsc) {
        return CloudProfiler.logTS(handle, tupleId, tsc);
    }

    /** See {@link CloudProfiler#parameterize(long, HandlerType.Parameter, long)}. */
    public Channel parameterize(HandlerType.Parameter parameter, long value) {
        CloudProfiler.parameterize(handle, parameter, value);
        return this;
    }

    /** Counters so far, or {@code null} once closed. */
    public ChannelStats stats() {
        return CloudProfiler.channelStats(handle);
    }

    public long handle() {
        return handle;
    }

    public String name() {
        return name;
    }

    public HandlerType handler() {
        return handler;
    }

    /** Flushes and closes; closing twice is harmless. */
    @Override
    public void close() {
        CloudProfiler.closeChannel(handle);
    }
}
