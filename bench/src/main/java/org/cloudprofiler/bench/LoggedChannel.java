package org.cloudprofiler.bench;

import java.util.Locale;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;

/**
 * A channel configuration the logTS benchmark measures: a handler and its log format, and
 * whether the channel got its handler from a configuration server ({@code NET_CONF}).
 */
public enum LoggedChannel {
    NULL(HandlerType.NULL, LogFormat.RAW, false),
    SPC(HandlerType.SPC, LogFormat.ZSTD, false),
    ID_RAW(HandlerType.ID, LogFormat.RAW, false),
    BUFFERED_ID_RAW(HandlerType.BUFFERED_ID, LogFormat.RAW, false),
    BUFFERED_ID_ZSTD(HandlerType.BUFFERED_ID, LogFormat.ZSTD, false),
    /** Requests NULL; the configuration server's rule gives it BUFFERED_ID. */
    NET_CONF_BUFFERED_ID_ZSTD(HandlerType.BUFFERED_ID, LogFormat.ZSTD, true),
    DOWNSAMPLE_ZSTD(HandlerType.DOWNSAMPLE, LogFormat.ZSTD, false);

    private final HandlerType handler;
    private final LogFormat format;
    private final boolean netConf;

    LoggedChannel(HandlerType handler, LogFormat format, boolean netConf) {
        this.handler = handler;
        this.format = format;
        this.netConf = netConf;
    }

    /** The handler the channel logs with: for {@code NET_CONF}, the one the server chose. */
    public HandlerType handler() {
        return handler;
    }

    /** Whether the channel asks a configuration server for its handler when it opens. */
    public boolean netConf() {
        return netConf;
    }

    public LogFormat format() {
        return format;
    }

    /** The operator part of the channel name: one log folder per configuration. */
    public String operator() {
        return "bench-logts-" + name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** {@code <operator>/<task>/<point>}. */
    public String channelName() {
        return operator() + "/0/in";
    }
}
