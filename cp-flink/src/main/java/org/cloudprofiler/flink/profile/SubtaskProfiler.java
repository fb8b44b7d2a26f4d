package org.cloudprofiler.flink.profile;

import java.util.Map;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.util.function.ThrowingRunnable;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.CpConfigException;
import org.cloudprofiler.config.CpOptions;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.probe.TaskProbe;
import org.cloudprofiler.probe.TupleIdMinter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Profiling of one operator subtask: its probe, which applies the lineage rule (docs/design.md,
 * "Tuple lineage"), and the thread's {@link TupleIdRegister}, through which the ids of each
 * record reach the next operator. Everything but {@link #retire} runs on the thread that
 * {@link #open} binds: the task's, or a legacy source's own.
 */
final class SubtaskProfiler {
    private static final Logger LOG = LoggerFactory.getLogger(SubtaskProfiler.class);
    private static final String METRIC_GROUP = "cloudprofiler";

    private final OperatorProfile profile;
    private final int subtask;
    private final int parallelism;
    private final TaskProbe probe;
    private TupleIdRegister register;
    /** The ids in hand as the record being processed entered, put back by {@link #exit}. */
    private long enteredId = TaskProbe.NO_ID;
    private long enteredRoot = TaskProbe.NO_ID;
    /** The id a source gave the source record whose records it is emitting, while it does. */
    private long sourceRecordGivenId = TaskProbe.NO_ID;
    private boolean ended;
    private volatile String openedRun;

    private SubtaskProfiler(OperatorProfile profile, int subtask, int parallelism,
            TaskProbe probe) {
        this.profile = profile;
        this.subtask = subtask;
        this.parallelism = parallelism;
        this.probe = probe;
    }

    /**
     * The profiler of subtask {@code subtask} of {@code profile}'s operator in attempt
     * {@code attempt} (Flink's attempt number, for the epoch of the ids it mints); opens nothing.
     */
    static SubtaskProfiler create(OperatorProfile profile, int subtask, int parallelism,
            int attempt, MetricGroup operatorMetrics) {
        MetricGroup metrics = operatorMetrics.addGroup(METRIC_GROUP);
        Counter missingIds = metrics.counter("missing-ids");
        Counter offThreadEmits = metrics.counter("off-thread-emits");
        TaskProbe probe = new TaskProbe(profile.componentId(), subtask, settings(profile),
                new TaskProbe.Counters() {
                    @Override
                    public void missingId() {
                        missingIds.inc();
                    }

                    @Override
                    public void offThreadEmit() {
                        offThreadEmits.inc();
                    }
                }, minter(profile, subtask, attempt));
        for (ProbePoint point : ProbePoint.values()) {
            if (!probe.handler(point).isOff()) {
                MetricGroup channel = metrics.addGroup(point.point());
                channel.gauge("accepted", () -> count(probe.stats(point), true));
                channel.gauge("dropped", () -> count(probe.stats(point), false));
            }
        }
        return new SubtaskProfiler(profile, subtask, parallelism, probe);
    }

    /**
     * The minter of the subtask: origin its operator's {@code mintOrigin} plus the subtask. A
     * subtask beyond the operator's range of origins (the client checks the parallelism, but a
     * job may be rescaled up to its maximum parallelism) mints nothing, and says so.
     */
    private static TupleIdMinter minter(OperatorProfile profile, int subtask, int attempt) {
        if (subtask >= StreamGraphProfiler.MAX_SUBTASKS) {
            LOG.error("cloudprofiler: subtask {} of {} mints no tuple ids (at most {} subtasks"
                    + " per operator have ids of their own); its records are counted as"
                    + " missing ids", subtask, profile.componentId(),
                    StreamGraphProfiler.MAX_SUBTASKS);
            return TupleIdMinter.spent();
        }
        return new TupleIdMinter(profile.mintOrigin() + subtask, attempt);
    }

    private static long count(ChannelStats stats, boolean accepted) {
        if (stats == null) {
            return 0;
        }
        return accepted ? stats.accepted() : stats.dropped();
    }

    /**
     * The job's settings; a value that cannot be used leaves this subtask unprofiled and says so
     * rather than failing the job (the client checked them before submitting).
     */
    private static CpSettings settings(OperatorProfile profile) {
        try {
            return CpSettings.from(profile.settings());
        } catch (CpConfigException e) {
            LOG.error("cloudprofiler: profiling is off for {}: {}", profile.componentId(),
                    e.getMessage());
            return CpSettings.from(Map.of(CpOptions.ENABLED.key(), false));
        }
    }

    /** Binds the calling thread and records where this subtask runs. */
    void open(String runId) {
        probe.bindExecutorThread();
        register = TupleIdRegister.ofThisThread();
        register.attach(this);
        FlinkTopologyFile.subtaskStarted(profile, runId, subtask, parallelism);
        openedRun = runId;
    }

    /**
     * A record enters the operator on {@code input} with the ids in hand (none on an input
     * that does not carry them). While the operator processes it ({@code current}), what it
     * emits follows the lineage rule for that record; an operator whose work on the record
     * completes later, out of order, cannot say which record an output came from: its outputs
     * are then minted as outside a record.
     */
    void enter(int input, boolean current) {
        enteredId = register.id();
        enteredRoot = register.root();
        if (profile.inputCarriesIds(input)) {
            probe.enter(enteredId, enteredRoot);
        } else {
            probe.enter(TaskProbe.NO_ID, TaskProbe.NO_ID);
        }
        if (!current) {
            probe.processed();
        }
    }

    /**
     * The operator is done with the record that entered last; the ids in hand are again those
     * it entered with, for the next operator its upstream hands the record to.
     */
    void exit() {
        probe.processed();
        register.set(enteredId, enteredRoot);
    }

    /**
     * A source emits a record to which it gave {@code givenId} ({@link TaskProbe#NO_ID} if
     * none): the record enters the job and is handed on, under the given id or one minted here.
     * Records a source emits one after the other with the same given id came from one source
     * record (a deserializer that makes several records of one): the first carries the id, the
     * others are its fan-out.
     */
    void emitFromSource(long givenId) {
        if (givenId == TaskProbe.NO_ID || givenId != sourceRecordGivenId) {
            long id = probe.sourceId(givenId);
            probe.enter(id, id);
            sourceRecordGivenId = givenId;
        }
        probe.handOff();
        register.set(probe.outputId(), probe.outputRoot());
    }

    /** The source emitted the records of its source records so far: the next brings its own. */
    void sourceRecordsEmitted() {
        probe.processed();
        sourceRecordGivenId = TaskProbe.NO_ID;
        register.set(TaskProbe.NO_ID);
    }

    /**
     * Work outside the processing of a record reaches the operator (a watermark, a timer, the
     * end of input, a mail): {@code work} runs with what it emits minted here, each output's
     * {@code in} at this moment.
     */
    void runTriggered(ThrowingRunnable<? extends Exception> work) throws Exception {
        probe.triggered();
        try {
            work.run();
        } finally {
            probe.processed();
        }
    }

    /**
     * A watermark reaches the operator and its event time is now {@code eventTime} (ms):
     * {@code work} runs as under {@link #runTriggered}, and the outputs it emits are tied to
     * that event time ({@code watermark-in}); the watermarks it emits are passed on, not
     * generated here.
     */
    void runOnWatermark(long eventTime, ThrowingRunnable<? extends Exception> work)
            throws Exception {
        probe.watermarkArrived(eventTime);
        try {
            work.run();
        } finally {
            probe.processed();
        }
    }

    /** The operator emits watermark {@code watermark} (ms): logged if it generated it. */
    void watermarkEmitted(long watermark) {
        probe.watermarkEmitted(watermark);
    }

    /** The operator declares itself idle: logged if it is its own declaration. */
    void idle() {
        probe.idle();
    }

    /**
     * A watermark status reaches the operator: {@code work} runs with what it emits as a
     * status passed on.
     */
    void runOnWatermarkStatus(ThrowingRunnable<? extends Exception> work) throws Exception {
        probe.passingOnStatus(true);
        try {
            work.run();
        } finally {
            probe.passingOnStatus(false);
        }
    }

    TaskProbe.Suspended suspend() {
        return probe.suspend();
    }

    void resume(TaskProbe.Suspended suspended) {
        probe.resume(suspended);
    }

    /**
     * The operator emits: the probe decides the output's ids by the lineage rule and logs its
     * hand-off; the ids go into the register, where the next operator or the exchange takes
     * them. An emit from a thread other than the subtask's is counted and passes on without.
     */
    void handOff() {
        if (probe.emitIsOnExecutorThread()) {
            probe.handOff();
            register.set(probe.outputId(), probe.outputRoot());
        }
    }

    /** The run has ended for this subtask (end of input): recorded once. */
    void endOfRun() {
        if (!ended) {
            ended = true;
            probe.endOfRun();
        }
    }

    TupleIdRegister register() {
        return register;
    }

    /** Flushes and closes the channels for good; any thread, once. */
    void retire() {
        probe.retire();
        TupleIdRegister attached = register;
        if (attached != null && attached.ownedByThisThread()) {
            attached.detach(this);
        }
        if (openedRun != null) {
            FlinkTopologyFile.subtaskClosed(openedRun);
            openedRun = null;
        }
    }
}
