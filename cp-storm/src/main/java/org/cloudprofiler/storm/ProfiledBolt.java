package org.cloudprofiler.storm;

import java.util.List;
import java.util.Map;

import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.topology.WindowedBoltExecutor;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.TupleUtils;
import org.cloudprofiler.probe.TaskProbe;
import org.cloudprofiler.storm.lineage.IdentifiedValues;
import org.cloudprofiler.storm.pill.PillStream;
import org.cloudprofiler.storm.pill.PillTracker;
import org.cloudprofiler.storm.probe.TaskCounters;
import org.cloudprofiler.storm.tupleid.TupleIdExtractor;

/**
 * Profiles a user's bolt: per task, each executed tuple is logged on entry ({@code in}, count,
 * CPU, first tuple) under the id it carries, and each emit at its hand-off, before Storm takes
 * it ({@code out}), under the id the lineage rule gives it (docs/design.md, "Tuple lineage"),
 * which then travels beside its values; poison pills are taken off the input before the user's
 * bolt sees them, and forwarded once every upstream task has sent one. Storm calls it on the
 * task's executor thread, except {@code cleanup}.
 */
public class ProfiledBolt extends ProfiledComponent<IRichBolt> implements IRichBolt {
    private static final long serialVersionUID = 1L;

    private TupleIdExtractor tupleIds;

    private transient TaskProfiling task;
    private transient OutputCollector collector;
    private transient PillTracker pills;
    private transient boolean forwardsPills;
    private transient boolean windowed;
    private transient IdentifiedValues.Finder finder;

    public ProfiledBolt(IRichBolt delegate) {
        super(IRichBolt.class, delegate);
    }

    private ProfiledBolt(byte[] serializedDelegate) {
        super(IRichBolt.class, serializedDelegate);
    }

    /** Profiles the bolt serialized in {@code bolt}, deserialized on the worker. */
    static ProfiledBolt ofSerialized(byte[] bolt) {
        return new ProfiledBolt(bolt);
    }

    /** Sets the extractor of this bolt's tuple ids; {@code null} follows the configuration. */
    void useTupleIds(TupleIdExtractor extractor) {
        this.tupleIds = extractor;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context,
            OutputCollector collector) {
        this.collector = collector;
        this.finder = new IdentifiedValues.Finder();
        this.windowed = delegate() instanceof WindowedBoltExecutor;
        this.task = TaskProfiling.start(conf, context, tupleIds);
        // Storm prepares a bolt on its executor thread: emits from prepare are the task's own.
        task.probe().bindExecutorThread();
        this.pills = PillTracker.of(context);
        Map<String, ?> pillTargets = context.getThisTargets().get(PillStream.ID);
        this.forwardsPills = pillTargets != null && !pillTargets.isEmpty();
        delegate().prepare(conf, context,
                new OutputCollector(new ProfilingBoltCollector(collector, this)));
    }

    @Override
    public void execute(Tuple input) {
        if (PillStream.isPill(input)) {
            receivePill(input);
            return;
        }
        TaskProbe probe = task.probe();
        probe.bindExecutorThread();
        if (TupleUtils.isTick(input)) {
            // What a tick makes a bolt emit is fired by it (rule 2), as a window's results are.
            probe.triggered();
        } else {
            IdentifiedValues carried = IdentifiedValues.of(input.getValues(), finder);
            if (carried != null) {
                probe.enter(carried.id(), carried.root());
            } else {
                // Ids that did not travel (an upstream emit off its thread): the id field, if any.
                long id = task.tupleIds().idOf(input.getFields(), input.getValues());
                probe.enter(id, id);
            }
            if (windowed) {
                // A window's results are fired by the tuple that completes it, not made from it.
                probe.triggered();
            }
        }
        try {
            delegate().execute(input);
        } finally {
            probe.processed();
        }
    }

    /**
     * Logs the hand-off of a tuple the user's bolt emits under the ids the lineage rule gives it
     * (the shared probe decides; on the task's other emitting thread, as outputs outside the
     * processing of a record) and returns its values with those ids beside them; the values
     * alone from any further thread.
     */
    List<Object> handOff(List<Object> values) {
        TaskProbe probe = task.probeOfThisThread();
        if (probe == null) {
            return values;
        }
        probe.handOff();
        long id = probe.outputId();
        return id == TaskProbe.NO_ID ? values
                : new IdentifiedValues(values, id, probe.outputRoot());
    }

    private void receivePill(Tuple pill) {
        collector.ack(pill);
        task.probe().bindExecutorThread();
        TaskCounters counters = task.counters();
        counters.pillsReceived().inc();
        switch (pills.receive(pill.getSourceTask())) {
            case COMPLETE -> {
                task.endOfRun();
                if (forwardsPills) {
                    collector.emit(PillStream.ID, PillStream.pill());
                }
            }
            case DUPLICATE -> counters.duplicatePills().inc();
            case WAITING -> { }
        }
    }

    @Override
    public void cleanup() {
        delegate().cleanup();
        task.retire();
    }
}
