package org.cloudprofiler.storm;

import java.util.List;
import java.util.Map;

import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.TupleUtils;
import org.cloudprofiler.storm.pill.PillStream;
import org.cloudprofiler.storm.pill.PillTracker;
import org.cloudprofiler.storm.probe.TaskCounters;
import org.cloudprofiler.storm.tupleid.TupleIdExtractor;

/**
 * Profiles a user's bolt: per task, each executed tuple is logged on entry ({@code in}, count,
 * CPU, first tuple) and each emit at its hand-off, before Storm takes it ({@code out}); poison
 * pills are taken off the input before the user's bolt sees them, and forwarded once every
 * upstream task has sent one. Storm calls it on the task's executor thread, except
 * {@code cleanup}.
 */
public class ProfiledBolt extends ProfiledComponent<IRichBolt> implements IRichBolt {
    private static final long serialVersionUID = 1L;

    private TupleIdExtractor tupleIds;

    private transient TaskProfiling task;
    private transient OutputCollector collector;
    private transient StreamFields streamFields;
    private transient PillTracker pills;
    private transient boolean forwardsPills;
    private transient long currentInputId;

    public ProfiledBolt(IRichBolt delegate) {
        super(delegate);
    }

    /** Sets the extractor of this bolt's tuple ids; {@code null} follows the configuration. */
    void useTupleIds(TupleIdExtractor extractor) {
        this.tupleIds = extractor;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context,
            OutputCollector collector) {
        this.collector = collector;
        this.streamFields = new StreamFields(context);
        this.currentInputId = TupleIdExtractor.NO_ID;
        this.task = TaskProfiling.start(conf, context, tupleIds);
        this.pills = PillTracker.of(context);
        Map<String, ?> pillTargets = context.getThisTargets().get(PillStream.ID);
        this.forwardsPills = pillTargets != null && !pillTargets.isEmpty();
        delegate().prepare(conf, context,
                new OutputCollector(new ProfilingBoltCollector(collector, task.probe(), this)));
    }

    @Override
    public void execute(Tuple input) {
        if (PillStream.isPill(input)) {
            receivePill(input);
            return;
        }
        if (TupleUtils.isTick(input)) {
            delegate().execute(input);
            return;
        }
        task.probe().bindExecutorThread();
        long id = task.tupleIds().idOf(input.getFields(), input.getValues());
        task.probe().enter(id);
        currentInputId = id;
        try {
            delegate().execute(input);
        } finally {
            currentInputId = TupleIdExtractor.NO_ID;
        }
    }

    /**
     * The id of a tuple the user's bolt emits: its own id field if its stream has one, else the
     * id of the tuple being executed (a bolt that reshapes tuples keeps their identity), else
     * {@link TupleIdExtractor#NO_ID}. Called on the executor thread for every emit.
     */
    long emittedTupleId(String streamId, List<Object> values) {
        long id = task.tupleIds().idOf(streamFields.of(streamId), values);
        return id != TupleIdExtractor.NO_ID ? id : currentInputId;
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
        task.probe().retire();
    }
}
