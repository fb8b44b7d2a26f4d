package org.cloudprofiler.probe;

import java.util.concurrent.atomic.AtomicLong;
import org.cloudprofiler.CallCountCell;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.config.service.NetConf;
import org.cloudprofiler.config.service.NetConfChannel;
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
    /** The configuration server whose rule the channel follows, or {@code null}. */
    private final NetConf netConf;
    private final HandlerChoice requested;
    /** The channel while it follows its rule, else {@code null}; then {@link #handle} is 0. */
    private volatile NetConfChannel following;
    /** The native handle, 0 while not open (native handles are never 0). */
    private final AtomicLong handle = new AtomicLong();
    private boolean failed;
    /**
     * Writer thread only. Where the open channel's handler only counts calls ({@code NULL},
     * {@code SPC}, {@code CPU}), the cell the writer counts them in after its first call, which
     * claims the channel natively; then a call costs a store, not a native call.
     */
    private CallCountCell countCell;
    /** Writer thread only: whether the open channel's handler was asked for a cell already. */
    private boolean countCellAsked;
    private volatile ChannelStats lastStats;

    ProbeChannel(String name, HandlerChoice choice, LogFormat format) {
        this(name, choice, format, null, choice);
    }

    /**
     * A channel that follows its rule on {@code netConf}'s server while open: {@code choice} is
     * the server's answer at the task's start, {@code requested} what the task's own rules
     * chose, which the channel returns to when the server drops its rule.
     */
    ProbeChannel(String name, HandlerChoice choice, LogFormat format, NetConf netConf,
            HandlerChoice requested) {
        this.name = name;
        this.choice = choice;
        this.format = format;
        this.netConf = netConf;
        this.requested = requested;
    }

    /** Opens the channel unless it is off, open, or failed to open before. Writer thread only. */
    void open() {
        if (failed || handle.get() != 0 || following != null) {
            return;
        }
        try {
            if (netConf != null) {
                // Opened even under OFF, as NULL: a later rule may turn it on.
                following = netConf.follow(name, format, requested, choice);
                return;
            }
            if (choice.isOff()) {
                return;
            }
            countCell = null;
            countCellAsked = false;
            handle.set(CloudProfiler.openChannel(name, format, choice));
        } catch (RuntimeException | LinkageError e) {
            // LinkageError: no native library for this platform; the task runs unprofiled.
            failed = true;
            LOG.error("cloudprofiler: channel {} ({}) is left out: {}", name, choice,
                    e.getMessage());
        }
    }

    /** Logs {@code tupleId} now; does nothing while the channel is not open. Writer thread only. */
    void log(long tupleId) {
        CallCountCell cell = countCell;
        if (cell != null) {
            cell.increment();
            return;
        }
        long open = handle.get();
        if (open != 0) {
            CloudProfiler.logTS(open, tupleId);
            askForCountCell(open);
        } else {
            NetConfChannel live = following;
            if (live != null) {
                live.log(tupleId);
            }
        }
    }

    /**
     * Logs {@code tupleId} now and returns the TSC its handler recorded it with, 0 if it
     * recorded none or the channel is not open. Writer thread only.
     */
    long logStamped(long tupleId) {
        CallCountCell cell = countCell;
        if (cell != null) {
            cell.increment();
            return 0;  // a handler that only counts records no time
        }
        long open = handle.get();
        if (open != 0) {
            long tsc = CloudProfiler.logTSStamped(open, tupleId);
            askForCountCell(open);
            return tsc;
        }
        NetConfChannel live = following;
        return live != null ? live.logStamped(tupleId) : 0;
    }

    /**
     * Logs {@code tupleId} at {@code tsc}, a TSC read earlier (or, on a lineage channel, the
     * root id in that column); does nothing while the channel is not open. Writer thread only.
     */
    void logAt(long tupleId, long tsc) {
        CallCountCell cell = countCell;
        if (cell != null) {
            cell.increment();
            return;
        }
        long open = handle.get();
        if (open != 0) {
            CloudProfiler.logTS(open, tupleId, tsc);
            askForCountCell(open);
        } else {
            NetConfChannel live = following;
            if (live != null) {
                live.logAt(tupleId, tsc);
            }
        }
    }

    /**
     * After the writer's first call on the open channel {@code open}: asks once whether its
     * handler only counts, and if so takes the cell the writer counts in from now on.
     */
    private void askForCountCell(long open) {
        if (!countCellAsked) {
            countCellAsked = true;
            countCell = CloudProfiler.countCell(open);
        }
    }

    /** The channels' clock now, or 0 while the channel is not open (nothing to stamp). */
    long readTscIfOpen() {
        return handle.get() != 0 || following != null ? CloudProfiler.readTsc() : 0;
    }

    /** Flushes and closes the channel if open; a later {@link #open} opens a new file. */
    void close() {
        NetConfChannel live = following;
        if (live != null) {
            following = null;
            ChannelStats last = live.stats();
            if (last != null) {
                lastStats = last;
            }
            live.close();
        }
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
        NetConfChannel following = this.following;
        if (following != null) {
            ChannelStats live = following.stats();
            return live != null ? live : lastStats;
        }
        long open = handle.get();
        ChannelStats live = open == 0 ? null : CloudProfiler.channelStats(open);
        return live != null ? live : lastStats;
    }

    String name() {
        return name;
    }

    /** The handler in force: for a channel that follows its rule, the rule's of now. */
    HandlerChoice choice() {
        NetConfChannel live = following;
        return live != null ? live.handler() : choice;
    }
}
