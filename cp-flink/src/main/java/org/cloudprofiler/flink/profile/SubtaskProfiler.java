package org.cloudprofiler.flink.profile;

import java.util.Map;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.CpConfigException;
import org.cloudprofiler.config.CpOptions;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.probe.TaskProbe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Profiling of one operator subtask: its probe, the id of the record it is processing, and the
 * task thread's {@link TupleIdRegister}. Everything but {@link #retire} runs on the task's
 * thread, which {@link #open} binds.
 */
final class SubtaskProfiler {
    private static final Logger LOG = LoggerFactory.getLogger(SubtaskProfiler.class);
    private static final String METRIC_GROUP = "cloudprofiler";

    private final OperatorProfile profile;
    private final int subtask;
    private final int parallelism;
    private final TaskProbe probe;
    private TupleIdRegister register;
    private long currentId = TaskProbe.NO_ID;
    private boolean ended;
    private volatile String openedRun;

    private SubtaskProfiler(OperatorProfile profile, int subtask, int parallelism,
            TaskProbe probe) {
        this.profile = profile;
        this.subtask = subtask;
        this.parallelism = parallelism;
        this.probe = probe;
    }

    /** The profiler of subtask {@code subtask} of {@code profile}'s operator; opens nothing. */
    static SubtaskProfiler create(OperatorProfile profile, int subtask, int parallelism,
            MetricGroup operatorMetrics) {
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
                });
        for (ProbePoint point : ProbePoint.values()) {
            if (!probe.handler(point).isOff()) {
                MetricGroup channel = metrics.addGroup(point.point());
                channel.gauge("accepted", () -> count(probe.stats(point), true));
                channel.gauge("dropped", () -> count(probe.stats(point), false));
            }
        }
        return new SubtaskProfiler(profile, subtask, parallelism, probe);
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

    /** Binds the calling thread, the task's, and records where this subtask runs. */
    void open(String runId) {
        probe.bindExecutorThread();
        register = TupleIdRegister.ofThisThread();
        register.attach(this);
        FlinkTopologyFile.subtaskStarted(profile, runId, subtask, parallelism);
        openedRun = runId;
    }

    /**
     * A record enters the operator on {@code input}: logged under its id, which becomes current
     * unless told otherwise (an operator whose work on the record completes later, out of
     * order, cannot say which record what it emits came from).
     *
     * @return the id in hand as it entered, for {@link #exit}
     */
    long enter(int input, boolean current) {
        long entered = register.id();
        long id = profile.inputCarriesIds(input) ? entered : TaskProbe.NO_ID;
        currentId = current ? id : TaskProbe.NO_ID;
        probe.enter(id);
        return entered;
    }

    /** A source emits a record with {@code id}: entry and hand-off at once, as a spout's. */
    void emitFromSource(long id) {
        probe.enter(id);
        probe.handOff(id);
        register.set(id);
    }

    /**
     * The operator is done with the record that entered last; the id in hand is again the one
     * it entered with, for the next operator its upstream hands the record to.
     */
    void exit(long entered) {
        currentId = TaskProbe.NO_ID;
        register.set(entered);
    }

    /** The thread turns to other work: no current record meanwhile. */
    long suspend() {
        long current = currentId;
        currentId = TaskProbe.NO_ID;
        return current;
    }

    void resume(long current) {
        currentId = current;
    }

    /**
     * The operator emits: the hand-off is logged under the id of the record it is processing
     * (none outside a record: timers, watermarks, end of input), which the next operator or the
     * exchange takes from the register.
     */
    void handOff() {
        if (probe.emitIsOnExecutorThread()) {
            long id = currentId;
            probe.handOff(id);
            register.set(id);
        }
    }

    /** The run has ended for this subtask (end of input): recorded once. */
    void endOfRun() {
        if (!ended) {
            ended = true;
            probe.endOfRun();
        }
    }

    /** The id of the record the operator is processing, {@link TaskProbe#NO_ID} if none. */
    long currentId() {
        return currentId;
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
