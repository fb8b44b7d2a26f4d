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
import org.cloudprofiler.storm.lineage.TaskStarts;
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

    private TaskProfiling(CpSettings settings, TaskProbe probe, TaskCounters counters,
            TupleIdExtractor tupleIds, String topologyName, TopologyContext context,
            Map<String, Object> topologyConf) {
        this.settings = settings;
        this.probe = probe;
        this.counters = counters;
        this.tupleIds = tupleIds;
        this.topologyName = topologyName;
        this.context = context;
        this.topologyConf = topologyConf;
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
        TupleIdMinter minter = new TupleIdMinter(
                TopologyJson.MINT_ORIGIN + context.getThisTaskId(), attempt(settings, context));
        TaskProbe probe = new TaskProbe(context.getThisComponentId(), context.getThisTaskId(),
                settings, counters, minter);
        TaskMetrics.registerChannelGauges(context, probe);
        TupleIdExtractor extractor = tupleIds != null
                ? tupleIds : TupleIdExtractor.fromSettings(settings);
        Object name = topologyConf.get(Config.TOPOLOGY_NAME);
        String topologyName = name == null ? context.getStormId() : name.toString();
        LocalRunMonitor.taskStarted(topologyName, context.getStormId(), allTasks(context));
        IdentifiedValuesRegistration.checkOnce(topologyConf);
        TaskProfiling task = new TaskProfiling(settings, probe, counters, extractor,
                topologyName, context, topologyConf);
        task.writeTopologyJson();
        return task;
    }

    /**
     * This start's attempt, which makes the epoch of the ids the task mints: its starts before
     * this one on this node ({@link TaskStarts}). With profiling off nothing is logged and
     * nothing is written: 0. A file that cannot be kept is reported, and the attempt is 0.
     */
    private static long attempt(CpSettings settings, TopologyContext context) {
        if (!settings.enabled()) {
            return 0;
        }
        try {
            return TaskStarts.countStart(Path.of(CloudProfiler.logDirectory()),
                    context.getStormId(), context.getThisComponentId(), context.getThisTaskId());
        } catch (IOException e) {
            LOG.error("cloudprofiler: task {} cannot count its starts ({}: {}), so a restart"
                    + " of it would mint its ids again; make $CP_LOG_DIR writable, or delete"
                    + " the file named", context.getThisTaskId(), e.getClass().getSimpleName(),
                    e.getMessage());
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

    TaskCounters counters() {
        return counters;
    }

    TupleIdExtractor tupleIds() {
        return tupleIds;
    }

}
