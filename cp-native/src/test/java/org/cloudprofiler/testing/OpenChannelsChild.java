package org.cloudprofiler.testing;

import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.HandlerType.Parameter;
import org.cloudprofiler.log.LogFormat;

/**
 * A child JVM that opens a channel of every handler, logs to each, and returns from main without
 * closing any: the JVM must still exit, and the shutdown hook must close every file.
 */
public final class OpenChannelsChild {
    private OpenChannelsChild() {}

    /** The channel of {@code handler}. */
    public static String channelOf(HandlerType handler) {
        return "open/0/" + handler.name().toLowerCase(java.util.Locale.ROOT);
    }

    public static void main(String[] args) {
        // The return-trip pair acks to each other, so an ack thread is running at exit too.
        int ackPort = UdpPorts.free();
        for (HandlerType handler : HandlerType.values()) {
            long channel = CloudProfiler.openChannel(channelOf(handler), LogFormat.ZSTD, handler);
            switch (handler) {
                case RET_START -> CloudProfiler.parameterize(channel, Parameter.PORT, ackPort);
                case RET_END -> CloudProfiler.parameterize(channel, Parameter.PORT, ackPort);
                default -> { }
            }
            for (long id = 0; id < 1000; id++) {
                CloudProfiler.logTS(channel, id);
            }
        }
        System.out.println("returning from main");
    }
}
