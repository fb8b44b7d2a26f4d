package org.cloudprofiler.storm.probe;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.config.service.NetConf;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.storm.tupleid.TupleIdExtractor;

/**
 * The channels and counters of one task. The logging methods run on the task's executor thread
 * only, which {@link #bindExecutorThread()} names on first use and which opens the channels
 * lazily (channels are single-writer, and the CPU channel measures its writer); {@link #close},
 * {@link #retire} and the stats may be called from any thread.
 */
public final class TaskProbe {

    private final String componentId;
    private final int taskId;
    private final Map<ProbePoint, ProbeChannel> channels = new EnumMap<>(ProbePoint.class);
    private final ProbeChannel in;
    private final ProbeChannel out;
    private final ProbeChannel count;
    private final ProbeChannel cpu;
    private final ProbeChannel firstLast;
    private final TaskCounters counters;
    private volatile Thread executorThread;
    private volatile boolean channelsOpen;
    private volatile boolean retired;
    private boolean firstLogged;

    /**
     * A probe with the channels {@code settings} chooses, or, if a configuration server is set,
     * the server (waiting at most {@link NetConf#ANSWER_TIMEOUT}), whose rule changes the open
     * channels then follow; all off if profiling is disabled.
     */
    public TaskProbe(String componentId, int taskId, CpSettings settings, TaskCounters counters) {
        this.componentId = componentId;
        this.taskId = taskId;
        this.counters = counters;
        Map<String, HandlerChoice> requested = new LinkedHashMap<>();
        for (ProbePoint point : ProbePoint.values()) {
            String name = point.channelName(componentId, taskId);
            requested.put(name,
                    settings.enabled() ? settings.handlerFor(name) : HandlerChoice.OFF);
        }
        NetConf netConf = settings.enabled() && settings.configServer() != null
                ? NetConf.of(settings.configServer(), settings.configServerToken()) : null;
        Map<String, HandlerChoice> chosen = netConf == null ? requested
                : netConf.chooseAll(requested);
        for (ProbePoint point : ProbePoint.values()) {
            String name = point.channelName(componentId, taskId);
            HandlerChoice choice = settings.withPeriods(chosen.get(name));
            channels.put(point, netConf == null
                    ? new ProbeChannel(name, choice, settings.logFormat())
                    : new ProbeChannel(name, choice, settings.logFormat(), netConf,
                            requested.get(name)));
        }
        in = channels.get(ProbePoint.IN);
        out = channels.get(ProbePoint.OUT);
        count = channels.get(ProbePoint.COUNT);
        cpu = channels.get(ProbePoint.CPU);
        firstLast = channels.get(ProbePoint.FIRST_LAST);
    }

    /** Names the calling thread the executor thread, the first time; call from it only. */
    public void bindExecutorThread() {
        if (executorThread == null) {
            executorThread = Thread.currentThread();
        }
    }

    /**
     * Whether the caller is the executor thread; counts an off-thread emit if not, so callers
     * skip logging then.
     */
    public boolean emitIsOnExecutorThread() {
        if (Thread.currentThread() == executorThread) {
            return true;
        }
        counters.offThreadEmits().inc();
        return false;
    }

    /** A tuple enters the task: counter, CPU, {@code in}, and the first-tuple marker. */
    public void enter(long tupleId) {
        openIfNeeded();
        count.log(0);
        cpu.log(0);
        if (tupleId == TupleIdExtractor.NO_ID) {
            counters.missingIds().inc();
        } else {
            in.log(tupleId);
        }
        if (!firstLogged) {
            firstLogged = true;
            firstLast.log(tupleId == TupleIdExtractor.NO_ID ? 0 : tupleId);
        }
    }

    /**
     * A tuple is about to be handed to the transport: {@code out}. Call it before the emit, never
     * after: once the transport has the tuple, a downstream task may log its {@code in} before
     * the emit returns.
     */
    public void handOff(long tupleId) {
        if (tupleId == TupleIdExtractor.NO_ID) {
            counters.missingIds().inc();
        } else {
            out.log(tupleId);
        }
    }

    /** The run ended for this task: the end marker (id -1) on {@code first-last}. */
    public void endOfRun() {
        openIfNeeded();
        firstLast.log(HandlerType.POISON_PILL_ID);
    }

    private void openIfNeeded() {
        if (!channelsOpen && !retired) {
            channelsOpen = true;
            for (ProbeChannel channel : channels.values()) {
                channel.open();
            }
        }
    }

    /** Flushes and closes the channels; the executor thread reopens new files if it logs again. */
    public void close() {
        channelsOpen = false;
        for (ProbeChannel channel : channels.values()) {
            channel.close();
        }
    }

    /** Closes the channels for good: the task is shutting down. */
    public void retire() {
        retired = true;
        close();
    }

    /** Counters of the channel at {@code point}, or {@code null} while it has none. */
    public ChannelStats stats(ProbePoint point) {
        return channels.get(point).stats();
    }

    /** What the configuration chose for the channel at {@code point}. */
    public HandlerChoice handler(ProbePoint point) {
        return channels.get(point).choice();
    }

    public TaskCounters counters() {
        return counters;
    }

    public String componentId() {
        return componentId;
    }

    public int taskId() {
        return taskId;
    }
}
