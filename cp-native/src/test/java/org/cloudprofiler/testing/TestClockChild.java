package org.cloudprofiler.testing;

import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.CloudProfilerException;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;

/**
 * A child JVM run under {@code CP_TEST_CLOCK}: logs {@link #CALLS} ids on each id-family
 * handler, half with the library's clock and half with a timestamp from
 * {@link CloudProfiler#readTsc()}, and prints {@code DONE}. If opening fails it prints
 * {@code REFUSED <message>}.
 */
public final class TestClockChild {
    public static final int CALLS = 2000;
    public static final HandlerType[] HANDLERS = {
        HandlerType.ID, HandlerType.BUFFERED_ID, HandlerType.DOWNSAMPLE, HandlerType.XOY,
        HandlerType.FIRST_LAST, HandlerType.RET_END,  // RET_END without a port: records only
    };

    private TestClockChild() {}

    /** The channel the child logs {@code handler} on. */
    public static String channelOf(HandlerType handler) {
        return "clock/" + handler.name().toLowerCase() + "/in";
    }

    public static void main(String[] args) {
        long[] channels = new long[HANDLERS.length];
        try {
            for (int h = 0; h < HANDLERS.length; h++) {
                channels[h] = CloudProfiler.openChannel(channelOf(HANDLERS[h]), LogFormat.ZSTD,
                        HANDLERS[h]);
            }
        } catch (CloudProfilerException e) {
            System.out.println("REFUSED " + e.getMessage());
            return;
        }
        for (int i = 0; i < CALLS; i++) {
            for (long channel : channels) {
                if (i % 2 == 0) {
                    CloudProfiler.logTS(channel, i);
                } else {
                    CloudProfiler.logTS(channel, i, CloudProfiler.readTsc());
                }
            }
        }
        for (long channel : channels) {
            CloudProfiler.closeChannel(channel);
        }
        System.out.println("DONE");
    }
}
