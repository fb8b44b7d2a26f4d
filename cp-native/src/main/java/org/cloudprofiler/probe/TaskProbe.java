package org.cloudprofiler.probe;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.config.service.NetConf;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.topology.TopologyDescription;

/**
 * The channels of one task (a Storm task, a Flink operator's subtask) at the probe points every
 * engine integration logs. The logging methods run on the task's thread only, which
 * {@link #bindExecutorThread()} names on first use and which opens the channels lazily (channels
 * are single-writer, and the CPU channel measures its writer); {@link #close}, {@link #retire}
 * and the stats may be called from any thread.
 */
public final class TaskProbe {

    /** The id of a tuple that carries no usable id; such tuples are counted, not logged. */
    public static final long NO_ID = Long.MIN_VALUE;

    /** What a probe counts besides its channels' own counters; any thread may count. */
    public interface Counters {
        /** A tuple entered or left the task without a usable id: passed on, not logged. */
        void missingId();

        /** An emit came from a thread other than the task's: passed on, not logged. */
        void offThreadEmit();
    }

    private final String componentId;
    private final int taskId;
    private final Map<ProbePoint, ProbeChannel> channels = new EnumMap<>(ProbePoint.class);
    private final ProbeChannel in;
    private final ProbeChannel out;
    private final ProbeChannel count;
    private final ProbeChannel cpu;
    private final ProbeChannel firstLast;
    private final Counters counters;
    private volatile Thread executorThread;
    private volatile boolean channelsOpen;
    private volatile boolean retired;
    private boolean firstLogged;

    /**
     * A probe with the channels {@code settings} chooses, or, if a configuration server is set,
     * the server (waiting at most {@link NetConf#ANSWER_TIMEOUT}), whose rule changes the open
     * channels then follow; all off if profiling is disabled.
     */
    public TaskProbe(String componentId, int taskId, CpSettings settings, Counters counters) {
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
                ? NetConf.of(settings) : null;
        Map<String, HandlerChoice> chosen = netConf == null ? requested
                : netConf.chooseAll(requested);
        for (ProbePoint point : ProbePoint.values()) {
            String name = point.channelName(componentId, taskId);
            HandlerChoice choice = chosen.get(name);
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

    /**
     * The channels {@code settings} give task {@code taskId} of {@code componentId}, as
     * {@code topology.json} lists them: none if profiling is off, none set {@code OFF}.
     */
    public static List<TopologyDescription.Channel> channels(String componentId, int taskId,
            CpSettings settings) {
        List<TopologyDescription.Channel> channels = new ArrayList<>();
        if (settings.enabled()) {
            for (ProbePoint point : ProbePoint.values()) {
                String name = point.channelName(componentId, taskId);
                HandlerChoice choice = settings.handlerFor(name);
                if (!choice.isOff()) {
                    channels.add(new TopologyDescription.Channel(point.point(), name,
                            choice.handler().name(), choice.parameters()));
                }
            }
        }
        return channels;
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
        counters.offThreadEmit();
        return false;
    }

    /** A tuple enters the task: counter, CPU, {@code in}, and the first-tuple marker. */
    public void enter(long tupleId) {
        openIfNeeded();
        count.log(0);
        cpu.log(0);
        if (tupleId == NO_ID) {
            counters.missingId();
        } else {
            in.log(tupleId);
        }
        if (!firstLogged) {
            firstLogged = true;
            firstLast.log(tupleId == NO_ID ? 0 : tupleId);
        }
    }

    /**
     * A tuple is about to be handed to the transport: {@code out}. Call it before the emit, never
     * after: once the transport has the tuple, a downstream task may log its {@code in} before
     * the emit returns.
     */
    public void handOff(long tupleId) {
        if (tupleId == NO_ID) {
            counters.missingId();
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

    public String componentId() {
        return componentId;
    }

    public int taskId() {
        return taskId;
    }
}
