package org.cloudprofiler.storm.probe;

import java.util.concurrent.atomic.AtomicLong;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.log.LogFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One channel of a task, opened lazily by its writer (the task's executor thread), which alone
 * calls {@link #open} and {@link #log}; {@link #close} and {@link #stats} may come from any
 * thread. A channel that cannot be opened is reported once and left out, never thrown: the
 * user's topology keeps running.
 */
final class ProbeChannel {
    private static final Logger LOG = LoggerFactory.getLogger(ProbeChannel.class);

    private final String name;
    private final HandlerChoice choice;
    private final LogFormat format;
    /** The native handle, 0 while not open (native handles are never 0). */
    private final AtomicLong handle = new AtomicLong();
    private boolean failed;
    private volatile ChannelStats lastStats;

    ProbeChannel(String name, HandlerChoice choice, LogFormat format) {
        this.name = name;
        this.choice = choice;
        this.format = format;
    }

    /** Opens the channel unless it is off, open, or failed to open before. Writer thread only. */
    void open() {
        if (choice.isOff() || failed || handle.get() != 0) {
            return;
        }
        try {
            handle.set(CloudProfiler.openChannel(name, format, choice));
        } catch (RuntimeException e) {
            failed = true;
            LOG.error("cloudprofiler: channel {} ({}) is left out: {}", name, choice,
                    e.getMessage());
        }
    }

    /** Logs {@code tupleId} now; does nothing while the channel is not open. Writer thread only. */
    void log(long tupleId) {
        long open = handle.get();
        if (open != 0) {
            CloudProfiler.logTS(open, tupleId);
        }
    }

    /** Flushes and closes the channel if open; a later {@link #open} opens a new file. */
    void close() {
        long open = handle.getAndSet(0);
        if (open != 0) {
            ChannelStats last = CloudProfiler.channelStats(open);
            if (last != null) {
                lastStats = last;
            }
            CloudProfiler.closeChannel(open);
        }
    }

    /** Counters of the open channel, else of the last one closed, else {@code null}. */
    ChannelStats stats() {
        long open = handle.get();
        ChannelStats live = open == 0 ? null : CloudProfiler.channelStats(open);
        return live != null ? live : lastStats;
    }

    String name() {
        return name;
    }

    HandlerChoice choice() {
        return choice;
    }
}
