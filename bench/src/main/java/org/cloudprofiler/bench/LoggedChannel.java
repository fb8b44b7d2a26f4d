package org.cloudprofiler.bench;

import java.util.Locale;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;

/** A channel configuration the logTS benchmark measures: a handler and its log format. */
public enum LoggedChannel {
    NULL(HandlerType.NULL, LogFormat.RAW),
    SPC(HandlerType.SPC, LogFormat.ZSTD),
    ID_RAW(HandlerType.ID, LogFormat.RAW),
    BUFFERED_ID_RAW(HandlerType.BUFFERED_ID, LogFormat.RAW),
    BUFFERED_ID_ZSTD(HandlerType.BUFFERED_ID, LogFormat.ZSTD),
    DOWNSAMPLE_ZSTD(HandlerType.DOWNSAMPLE, LogFormat.ZSTD);

    private final HandlerType handler;
    private final LogFormat format;

    LoggedChannel(HandlerType handler, LogFormat format) {
        this.handler = handler;
        this.format = format;
    }

    public HandlerType handler() {
        return handler;
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
