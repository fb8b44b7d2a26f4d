package org.cloudprofiler.storm;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.storm.Config;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.utils.Utils;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.config.CpConfigException;
import org.cloudprofiler.config.CpOptions;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.probe.TaskProbe;
import org.cloudprofiler.probe.TupleIdMinter;
import org.cloudprofiler.storm.lineage.IdentifiedValuesRegistration;
import org.cloudprofiler.storm.lineage.NodeDirectoryTaskStarts;
import org.cloudprofiler.storm.lineage.TaskStarts;
import org.cloudprofiler.storm.lineage.ZooKeeperTaskStarts;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.probe.TaskCounters;
import org.cloudprofiler.storm.probe.TaskMetrics;
import org.cloudprofiler.storm.topology.TopologyJson;
import org.cloudprofiler.storm.tupleid.TupleIdExtractor;
import org.cloudprofiler.topology.TopologyFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every profiled task sets up when it starts (settings, probe, metrics, tuple ids and the
 * minter of its own, {@code topology.json}, the local run monitor) and does when its run ends.
 * Created in the task's open or prepare; then used on its executor thread, except
 * {@link #probe()}'s closing.
 */
final class TaskProfiling {
    private static final Logger LOG = LoggerFactory.getLogger(TaskProfiling.class);

    private final CpSettings settings;
    private final TaskProbe probe;
    private final TaskCounters counters;
    private final TupleIdExtractor tupleIds;
    private final String topologyName;
    private final TopologyContext context;
    private final Map<String, Object> topologyConf;
    private final int origin;
    private final long attempt;
    /** The one other thread that emits for the task, with its probe; null until it emits. */
    private volatile OffThread offThread;

    /** A thread other than the executor's that emits for the task, and its probe. */
    private record OffThread(Thread thread, TaskProbe probe) {}

    private TaskProfiling(CpSettings settings, TaskProbe probe, TaskCounters counters,
            TupleIdExtractor tupleIds, String topologyName, TopologyContext context,
            Map<String, Object> topologyConf, int origin, long attempt) {
        this.settings = settings;
        this.probe = probe;
        this.counters = counters;
        this.tupleIds = tupleIds;
        this.topologyName = topologyName;
        this.context = context;
        this.topologyConf = topologyConf;
        this.origin = origin;
        this.attempt = attempt;
    }

    /**
     * Sets up profiling for the task {@code context} describes.
     *
     * @param tupleIds the extractor the topology builder chose, or {@code null} for the one the
     *     configuration asks for
     */
    static TaskProfiling start(Map<String, Object> topologyConf, TopologyContext context,
            TupleIdExtractor tupleIds) {
        CpSettings settings = settings(topologyConf);
        TaskCounters counters = TaskMetrics.registerCounters(context);
        int origin = TopologyJson.MINT_ORIGIN + context.getThisTaskId();
        Object name = topologyConf.get(Config.TOPOLOGY_NAME);
        String topologyName = name == null ? context.getStormId() : name.toString();
        long attempt = attempt(settings, context, topologyConf, topologyName);
        TaskProbe probe = new TaskProbe(context.getThisComponentId(), context.getThisTaskId(),
                settings, counters, TupleIdMinter.taskThreadHalf(origin, attempt));
        TaskMetrics.registerChannelGauges(context, probe);
        TupleIdExtractor extractor = tupleIds != null
                ? tupleIds : TupleIdExtractor.fromSettings(settings);
        LocalRunMonitor.taskStarted(topologyName, context.getStormId(), allTasks(context));
        IdentifiedValuesRegistration.checkOnce(topologyConf);
        TaskProfiling task = new TaskProfiling(settings, probe, counters, extractor,
                topologyName, context, topologyConf, origin, attempt);
        task.writeTopologyJson();
        return task;
    }

    /**
     * This start's attempt, which makes the epoch of the ids the task mints: counted in the
     * cluster's ZooKeeper ({@link ZooKeeperTaskStarts}), or, where none is configured or it does
     * not answer, on this node ({@link NodeDirectoryTaskStarts}), which says what that risks.
     * With profiling off nothing is logged and nothing is counted: 0. A count that cannot be
     * kept at all is reported, and the attempt is 0.
     */
    private static long attempt(CpSettings settings, TopologyContext context,
            Map<String, Object> topologyConf, String topologyName) {
        if (!settings.enabled()) {
            return 0;
        }
        String component = context.getThisComponentId();
        int task = context.getThisTaskId();
        String unshared = "; a restart of the task on another node may mint its first ids"
                + " again";
        if (ZooKeeperTaskStarts.configuredIn(topologyConf)) {
            TaskStarts cluster = new ZooKeeperTaskStarts(topologyConf, topologyName);
            try {
                return cluster.countStart(component, task);
            } catch (IOException e) {
                LOG.error("cloudprofiler: task {} counts its starts on this node: {}{}", task,
                        e.getMessage(), unshared);
            }
        } else {
            LOG.warn("cloudprofiler: task {} counts its starts on this node (the topology's"
                    + " configuration names no storm.zookeeper.servers){}", task, unshared);
        }
        TaskStarts node = new NodeDirectoryTaskStarts(Path.of(CloudProfiler.logDirectory()),
                context.getStormId());
        try {
            return node.countStart(component, task);
        } catch (IOException e) {
            LOG.error("cloudprofiler: task {} cannot count its starts ({}: {}), so a restart"
                    + " of it would mint its ids again; make $CP_LOG_DIR writable, or delete"
                    + " the file named", task, e.getClass().getSimpleName(), e.getMessage());
            return 0;
        }
    }

    /** Writes {@code topology.json}, reporting rather than throwing a failure. */
    private void writeTopologyJson() {
        if (!settings.enabled()) {
            return;
        }
        try {
            TopologyJson.write(context, topologyConf, settings, tupleIds.toString());
        } catch (RuntimeException e) {
            LOG.error("cloudprofiler: {} is not written: {}", TopologyFile.FILE_NAME,
                    e.getMessage());
        }
    }

    /**
     * The settings of the topology config; a value that cannot be used is reported and leaves the
     * task unprofiled rather than failing it (a failing task would restart forever).
     */
    private static CpSettings settings(Map<String, Object> topologyConf) {
        try {
            return CpSettings.from(topologyConf);
        } catch (CpConfigException e) {
            LOG.error("cloudprofiler: profiling is off for this task: {}", e.getMessage());
            return CpSettings.from(Map.of(CpOptions.ENABLED.key(), false));
        }
    }

    private static Set<Integer> allTasks(TopologyContext context) {
        Set<Integer> tasks = new HashSet<>();
        for (String component : context.getComponentIds()) {
            if (!Utils.isSystemId(component)) {
                tasks.addAll(context.getComponentTasks(component));
            }
        }
        return tasks;
    }

    /** The run has ended for this task: end marker logged, local run monitor told. */
    void endOfRun() {
        probe.endOfRun();
        LocalRunMonitor.taskEnded(topologyName, context.getStormId(), context.getThisTaskId());
    }

    CpSettings settings() {
        return settings;
    }

    TaskProbe probe() {
        return probe;
    }

    /**
     * The probe the calling thread logs its emits with: the task's on its executor thread; on
     * the first other thread that emits (a time window's trigger, which Storm runs on a thread
     * of its own), a probe of that thread's own ({@link TaskProbe#offThreadOutputs}), minting
     * from the upper half of the task's counters; null, with the emit counted, on any further
     * thread.
     */
    TaskProbe probeOfThisThread() {
        if (probe.isExecutorThread()) {
            return probe;
        }
        Thread current = Thread.currentThread();
        OffThread claimed = offThread;
        if (claimed == null) {
            synchronized (this) {
                if (offThread == null) {
                    offThread = new OffThread(current, TaskProbe.offThreadOutputs(
                            context.getThisComponentId(), context.getThisTaskId(), settings,
                            counters, TupleIdMinter.offThreadHalf(origin, attempt)));
                }
                claimed = offThread;
            }
        }
        if (claimed.thread() == current) {
            return claimed.probe();
        }
        counters.offThreadEmit();
        return null;
    }

    /** Closes the channels of the task's probes for good: the task is shutting down. */
    void retire() {
        probe.retire();
        OffThread claimed = offThread;
        if (claimed != null) {
            claimed.probe().retire();
        }
    }

    TaskCounters counters() {
        return counters;
    }

    TupleIdExtractor tupleIds() {
        return tupleIds;
    }

}
