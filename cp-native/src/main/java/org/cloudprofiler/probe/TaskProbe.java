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
import org.cloudprofiler.tupleid.RootSampling;

/**
 * The channels of one task (a Storm task, a Flink operator's subtask) at the probe points every
 * engine integration logs, and the tuple lineage rule of docs/design.md ("Tuple lineage: which id
 * a record carries"), applied here once for every engine. An engine tells the probe where a
 * record enters the task ({@link #enter}), that it is done with it ({@link #processed}), when
 * the task works outside the processing of a record ({@link #triggered}), and where a record
 * leaves it ({@link #handOff}); the probe decides which ids each output carries
 * ({@link #outputId}, {@link #outputRoot}) and logs its points. A source asks for its records'
 * ids with {@link #sourceId}. Under a sampling ({@code cloudprofiler.sample}, docs/design.md
 * "Sampling: which records are logged") the probe logs a record's points iff its root is kept,
 * decided in Java before any native call; the counters see every record.
 *
 * <p>The logging methods run on the task's thread only, which {@link #bindExecutorThread()}
 * names on first use and which opens the channels lazily (channels are single-writer, and the
 * CPU channel measures its writer); they allocate nothing. {@link #close}, {@link #retire} and
 * the stats may be called from any thread.
 */
public final class TaskProbe {

    /** The id of a tuple that carries no usable id; such tuples are counted, not logged. */
    public static final long NO_ID = Long.MIN_VALUE;

    /** No watermark: the task is not working on one it received. */
    public static final long NO_WATERMARK = Long.MIN_VALUE;

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
    private final ProbeChannel lineage;
    private final ProbeChannel watermarkOut;
    private final ProbeChannel watermarkIn;
    private final Counters counters;
    private final TupleIdMinter minter;
    private final RootSampling sampling;
    private volatile Thread executorThread;
    private volatile boolean channelsOpen;
    /** Whether the watermark channels are open: only tasks that see watermarks open them. */
    private volatile boolean watermarkChannelsOpen;
    private volatile boolean retired;
    private boolean firstLogged;

    // The lineage rule's state, task thread only (see the class comment).
    private Work work = Work.IDLE;
    /** The ids in hand: of the record being processed. */
    private long idInHand = NO_ID;
    private long rootInHand = NO_ID;
    /** The TSC of the record's {@code in}, or of the trigger; 0 if none was recorded. */
    private long inHandTsc;
    private boolean firstOutputTaken;
    /** Whether the record in hand is logged: its root is kept by the sampling. */
    private boolean inHandKept = true;
    private long outputId = NO_ID;
    private long outputRoot = NO_ID;
    /** The watermark whose arrival the task is working on, or {@link #NO_WATERMARK}. */
    private long firingWatermark = NO_WATERMARK;
    /** Whether {@link #firingWatermark}'s arrival is logged on {@code watermark-in}. */
    private boolean firingWatermarkLogged;
    /** The largest watermark logged on {@code watermark-out}. */
    private long lastWatermarkOut = NO_WATERMARK;
    /** Whether the last {@code watermark-out} record is {@link ProbePoint#IDLE_WATERMARK}. */
    private boolean idleLogged;
    /** Whether the task is passing on a watermark status it received. */
    private boolean passingOnStatus;

    /** What the task's thread is doing, as far as the lineage rule cares. */
    private enum Work {
        /** Nothing the engine told of: an output is minted as if triggered at its emit. */
        IDLE,
        /** Processing the record in hand (rule 1). */
        PROCESSING,
        /** Work outside the processing of a record, since a trigger (rule 2). */
        TRIGGERED
    }

    /**
     * A probe with the channels {@code settings} chooses, or, if a configuration server is set,
     * the server (waiting at most {@link NetConf#ANSWER_TIMEOUT}), whose rule changes the open
     * channels then follow; all off if profiling is disabled. The {@code lineage} channel takes
     * the handler the {@code in} channel has at the start ({@link #lineageHandler}).
     *
     * @param minter mints the ids of this task's attempt
     */
    public TaskProbe(String componentId, int taskId, CpSettings settings, Counters counters,
            TupleIdMinter minter) {
        this(componentId, taskId, settings, counters, minter, false);
    }

    /**
     * The probe of a task's one other thread that emits (a Storm bolt's window trigger, an
     * asynchronous callback): everything it emits is outside the processing of a record (rule 2
     * of the lineage rule), so only its {@code in} and {@code out} channels open, beside the
     * task's own, under the same names; the task's own probe counts its records and CPU.
     *
     * @param minter mints from a counter range the task's own minter does not (e.g.
     *     {@link TupleIdMinter#offThreadHalf})
     */
    public static TaskProbe offThreadOutputs(String componentId, int taskId, CpSettings settings,
            Counters counters, TupleIdMinter minter) {
        return new TaskProbe(componentId, taskId, settings, counters, minter, true);
    }

    private TaskProbe(String componentId, int taskId, CpSettings settings, Counters counters,
            TupleIdMinter minter, boolean outputsOnly) {
        this.componentId = componentId;
        this.taskId = taskId;
        this.counters = counters;
        this.minter = minter;
        this.sampling = settings.sampling();
        Map<String, HandlerChoice> requested = new LinkedHashMap<>();
        for (ProbePoint point : ProbePoint.values()) {
            if (!followsIn(point) && opens(point, outputsOnly)) {
                String name = point.channelName(componentId, taskId);
                requested.put(name,
                        settings.enabled() ? settings.handlerFor(name) : HandlerChoice.OFF);
            }
        }
        NetConf netConf = settings.enabled() && settings.configServer() != null
                ? NetConf.of(settings) : null;
        Map<String, HandlerChoice> chosen = netConf == null ? requested
                : netConf.chooseAll(requested);
        for (ProbePoint point : ProbePoint.values()) {
            String name = point.channelName(componentId, taskId);
            if (!opens(point, outputsOnly)) {
                channels.put(point, new ProbeChannel(name, HandlerChoice.OFF,
                        settings.logFormat()));
                continue;
            }
            if (followsIn(point)) {
                HandlerChoice inChoice = chosen.get(ProbePoint.IN.channelName(componentId,
                        taskId));
                channels.put(point, new ProbeChannel(name, lineageHandler(inChoice),
                        settings.logFormat()));
                continue;
            }
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
        lineage = channels.get(ProbePoint.LINEAGE);
        watermarkOut = channels.get(ProbePoint.WATERMARK_OUT);
        watermarkIn = channels.get(ProbePoint.WATERMARK_IN);
    }

    /**
     * Whether the channel at {@code point} takes its handler from the task's {@code in}
     * ({@link #lineageHandler}) rather than from a rule of its own: the points whose records
     * only make sense beside the {@code in} records.
     */
    private static boolean followsIn(ProbePoint point) {
        return point == ProbePoint.LINEAGE || point.holdsWatermarks();
    }

    /** Whether a probe opens a channel at {@code point}: an off-thread one only in and out. */
    private static boolean opens(ProbePoint point, boolean outputsOnly) {
        return !outputsOnly || point == ProbePoint.IN || point == ProbePoint.OUT;
    }

    /**
     * The handler of a task's {@code lineage} and watermark channels given its {@code in}
     * channel's: the same, except that the return-trip handlers, which answer or await acks,
     * become {@code ID}.
     */
    public static HandlerChoice lineageHandler(HandlerChoice in) {
        if (!in.isOff() && (in.handler() == HandlerType.RET_START
                || in.handler() == HandlerType.RET_END)) {
            return new HandlerChoice(HandlerType.ID, List.of());
        }
        return in;
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
                if (point.holdsWatermarks()) {
                    continue;  // opened only where watermarks are, which the engine knows then
                }
                String name = point.channelName(componentId, taskId);
                HandlerChoice choice = point == ProbePoint.LINEAGE
                        ? lineageHandler(settings.handlerFor(
                                ProbePoint.IN.channelName(componentId, taskId)))
                        : settings.handlerFor(name);
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
        if (isExecutorThread()) {
            return true;
        }
        counters.offThreadEmit();
        return false;
    }

    /** Whether the caller is the executor thread; counts nothing. */
    public boolean isExecutorThread() {
        return Thread.currentThread() == executorThread;
    }

    /**
     * The id of a record a source task emits, given the id the source found for it
     * ({@link #NO_ID} if none): the given id if it is one (not negative), else one minted here;
     * a negative given id other than {@link #NO_ID} is counted as a missing id. {@link #NO_ID}
     * once the minter is spent (then {@link #enter} counts the record as missing its id).
     */
    public long sourceId(long givenId) {
        if (givenId >= 0) {
            return givenId;
        }
        long minted = minter.next();
        if (givenId != NO_ID && minted != NO_ID) {
            counters.missingId();
        }
        return minted;
    }

    /**
     * A record with ids {@code (id, root)} enters the task while it is processed (a source
     * record: {@code root == id}): counter, CPU, {@code in} and the first-tuple marker; its ids
     * are in hand until {@link #processed}, and the TSC its {@code in} was recorded with is kept
     * for the outputs minted while it is processed. One native call, for {@code in}, and none if
     * the sampling does not keep {@code root}.
     */
    public void enter(long id, long root) {
        openIfNeeded();
        count.log(0);
        cpu.log(0);
        boolean kept = sampling.keeps(root);
        long tsc = 0;
        if (id == NO_ID) {
            counters.missingId();
        } else if (kept) {
            tsc = in.logStamped(id);
        }
        if (!firstLogged) {
            firstLogged = true;
            firstLast.log(id == NO_ID ? 0 : id);
        }
        work = Work.PROCESSING;
        idInHand = id;
        rootInHand = root;
        inHandTsc = tsc;
        inHandKept = kept;
        firstOutputTaken = false;
    }

    /** The record in hand is done: what the task emits from now on is outside its processing. */
    public void processed() {
        work = Work.IDLE;
        idInHand = NO_ID;
        rootInHand = NO_ID;
        firingWatermark = NO_WATERMARK;
    }

    /**
     * Work outside the processing of a record begins (a watermark, a timer, the end of input, an
     * asynchronous result reaches the task): what the task emits until {@link #processed} or the
     * next {@link #enter} gets an id minted here, its {@code in} logged at this moment (the
     * clock is read once, here).
     */
    public void triggered() {
        openIfNeeded();
        work = Work.TRIGGERED;
        idInHand = NO_ID;
        rootInHand = NO_ID;
        firingWatermark = NO_WATERMARK;
        inHandTsc = in.readTscIfOpen();
    }

    /**
     * A watermark reaches the task, advancing its event time to {@code watermark} (ms): as
     * {@link #triggered}, and if a kept output is emitted before {@link #processed}, the
     * watermark is logged on {@code watermark-in} at the TSC of that output's {@code in}, once.
     * What the task emits as its own watermark meanwhile is this one passed on, not one it
     * generated.
     */
    public void watermarkArrived(long watermark) {
        triggered();
        firingWatermark = watermark;
        firingWatermarkLogged = false;
    }

    /**
     * The task emits watermark {@code watermark} (ms). Outside {@link #watermarkArrived} it is
     * one the task generated (a source's, an assigner's): logged on {@code watermark-out} if it
     * is larger than any before, whatever the sampling (a few per second). Task thread only; a
     * watermark emitted from another thread is not logged.
     */
    public void watermarkEmitted(long watermark) {
        if (firingWatermark != NO_WATERMARK || watermark <= lastWatermarkOut
                || !isExecutorThread()) {
            return;
        }
        lastWatermarkOut = watermark;
        idleLogged = false;
        openWatermarkChannelsIfNeeded();
        watermarkOut.log(watermark);
    }

    /**
     * The task declares itself idle. Outside {@link #passingOnStatus} and
     * {@link #watermarkArrived} it is its own declaration, as a generator's: logged on
     * {@code watermark-out} as {@link ProbePoint#IDLE_WATERMARK}, once until it emits a
     * watermark again.
     * Task thread only.
     */
    public void idle() {
        if (passingOnStatus || firingWatermark != NO_WATERMARK || idleLogged
                || !isExecutorThread()) {
            return;
        }
        idleLogged = true;
        openWatermarkChannelsIfNeeded();
        watermarkOut.log(ProbePoint.IDLE_WATERMARK);
    }

    /**
     * Whether the task is processing a watermark status it received, so that the statuses it
     * emits meanwhile are passed on, not its own.
     */
    public void passingOnStatus(boolean passing) {
        passingOnStatus = passing;
    }

    private void openWatermarkChannelsIfNeeded() {
        if (!watermarkChannelsOpen && !retired) {
            watermarkChannelsOpen = true;
            watermarkOut.open();
            watermarkIn.open();
        }
    }

    /**
     * A record is about to be handed to the transport: decides its ids by the lineage rule and
     * logs its {@code out} (read them with {@link #outputId} and {@link #outputRoot}). While a
     * record is processed the first output carries its ids; each further one an id minted here,
     * with its {@code in} logged at the input's {@code in} TSC and a {@code lineage} record
     * (child, root). Outside a record ({@link #triggered}, or nothing said) an output carries a
     * minted id as its own root, with its {@code in} at the trigger's TSC (the emit's, if no
     * trigger was told). Call it before the emit, never after: once the transport has the
     * record, a downstream task may log its {@code in} before the emit returns. An output whose
     * root the sampling does not keep logs nothing; a further output of an unkept record carries
     * its input's ids, as nothing downstream logs them.
     */
    public void handOff() {
        openIfNeeded();
        long id;
        long root;
        boolean kept;
        if (work == Work.PROCESSING) {
            kept = inHandKept;
            if (!firstOutputTaken || !kept) {
                firstOutputTaken = true;
                id = idInHand;
                root = rootInHand;
            } else if (idInHand == NO_ID) {
                id = NO_ID;
                root = NO_ID;
            } else {
                id = minter.next();
                root = rootInHand;
                if (id != NO_ID) {
                    if (inHandTsc != 0) {
                        in.logAt(id, inHandTsc);
                    }
                    lineage.logAt(id, root);
                }
            }
        } else {
            id = minter.next();
            root = id;
            kept = sampling.keeps(id);
            if (id != NO_ID && kept) {
                long triggerTsc = work == Work.TRIGGERED ? inHandTsc : in.readTscIfOpen();
                if (triggerTsc != 0) {
                    in.logAt(id, triggerTsc);
                    if (firingWatermark != NO_WATERMARK && !firingWatermarkLogged) {
                        firingWatermarkLogged = true;
                        openWatermarkChannelsIfNeeded();
                        watermarkIn.logAt(firingWatermark, triggerTsc);
                    }
                }
            }
        }
        if (id == NO_ID) {
            counters.missingId();
        } else if (kept) {
            out.log(id);
        }
        outputId = id;
        outputRoot = root;
    }

    /** The id of the output the last {@link #handOff()} decided, {@link #NO_ID} if none. */
    public long outputId() {
        return outputId;
    }

    /** The root of the output the last {@link #handOff()} decided, {@link #NO_ID} if none. */
    public long outputRoot() {
        return outputRoot;
    }

    /**
     * The task leaves what it is doing for other work (an engine that runs other work on the
     * thread in the middle of a record): the lineage state is put aside, and the task is idle
     * until {@link #resume}. Allocates the state it returns.
     */
    public Suspended suspend() {
        Suspended suspended = new Suspended(work, idInHand, rootInHand, inHandTsc, inHandKept,
                firstOutputTaken, firingWatermark, firingWatermarkLogged);
        processed();
        return suspended;
    }

    /** Back from the other work: the state {@link #suspend} put aside is in force again. */
    public void resume(Suspended suspended) {
        work = suspended.work;
        idInHand = suspended.idInHand;
        rootInHand = suspended.rootInHand;
        inHandTsc = suspended.inHandTsc;
        inHandKept = suspended.inHandKept;
        firstOutputTaken = suspended.firstOutputTaken;
        firingWatermark = suspended.firingWatermark;
        firingWatermarkLogged = suspended.firingWatermarkLogged;
    }

    /** The lineage state of a task put aside by {@link #suspend}. */
    public static final class Suspended {
        private final Work work;
        private final long idInHand;
        private final long rootInHand;
        private final long inHandTsc;
        private final boolean inHandKept;
        private final boolean firstOutputTaken;
        private final long firingWatermark;
        private final boolean firingWatermarkLogged;

        private Suspended(Work work, long idInHand, long rootInHand, long inHandTsc,
                boolean inHandKept, boolean firstOutputTaken, long firingWatermark,
                boolean firingWatermarkLogged) {
            this.work = work;
            this.idInHand = idInHand;
            this.rootInHand = rootInHand;
            this.inHandTsc = inHandTsc;
            this.inHandKept = inHandKept;
            this.firstOutputTaken = firstOutputTaken;
            this.firingWatermark = firingWatermark;
            this.firingWatermarkLogged = firingWatermarkLogged;
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
            channels.forEach((point, channel) -> {
                if (!point.holdsWatermarks()) {
                    channel.open();
                }
            });
        }
    }

    /** Flushes and closes the channels; the executor thread reopens new files if it logs again. */
    public void close() {
        channelsOpen = false;
        watermarkChannelsOpen = false;
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
