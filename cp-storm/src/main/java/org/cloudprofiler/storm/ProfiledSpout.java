package org.cloudprofiler.storm;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.IRichSpout;
import org.cloudprofiler.storm.pill.PillStream;
import org.cloudprofiler.storm.tupleid.TupleIdExtractor;

/**
 * Profiles a user's spout: per task, its emits are logged as tuples entering the topology
 * ({@code in}, count, CPU, first tuple) and handed to Storm ({@code out}), and when the
 * {@link RunEndSignal} fires (or the topology is deactivated) it sends the poison pill to every
 * downstream task and emits nothing more. Storm calls it on the task's executor thread, except
 * {@code close}. Subclasses choose tuple ids for particular sources ({@code ProfiledKafkaSpout}).
 */
public class ProfiledSpout extends ProfiledComponent<IRichSpout> implements IRichSpout {
    private static final long serialVersionUID = 1L;

    private final RunEndSignal runEnd;
    private TupleIdExtractor tupleIds;

    private transient TaskProfiling task;
    private transient SpoutOutputCollector collector;
    private transient ProfilingSpoutCollector profilingCollector;
    private transient StreamFields streamFields;
    private transient boolean runEnded;

    /** Profiles {@code delegate}; its run ends when it is an exhausted {@link FiniteSpout}. */
    public ProfiledSpout(IRichSpout delegate) {
        this(delegate, RunEndSignal.whenExhausted());
    }

    /** Profiles {@code delegate}; its run ends when {@code runEnd} says so. */
    public ProfiledSpout(IRichSpout delegate, RunEndSignal runEnd) {
        super(IRichSpout.class, delegate);
        this.runEnd = Objects.requireNonNull(runEnd, "runEnd");
    }

    private ProfiledSpout(byte[] serializedDelegate) {
        super(IRichSpout.class, serializedDelegate);
        this.runEnd = RunEndSignal.whenExhausted();
    }

    /**
     * Profiles the spout serialized in {@code spout}, deserialized on the worker; its run ends
     * when it is an exhausted {@link FiniteSpout} or the topology is deactivated.
     */
    static ProfiledSpout ofSerialized(byte[] spout) {
        return new ProfiledSpout(spout);
    }

    /**
     * The tuple ids this spout's source implies for the whole topology (the builder applies them
     * to every component unless told otherwise), or {@code null} to follow the configuration.
     */
    public TupleIdExtractor sourceTupleIds() {
        return null;
    }

    /** Sets the extractor of this spout's tuple ids; {@code null} follows the configuration. */
    void useTupleIds(TupleIdExtractor extractor) {
        this.tupleIds = extractor;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context,
            SpoutOutputCollector collector) {
        this.collector = collector;
        this.streamFields = new StreamFields(context);
        this.task = TaskProfiling.start(conf, context, tupleIds);
        // Storm opens a spout on its executor thread: emits from open are the task's own.
        task.probe().bindExecutorThread();
        this.profilingCollector = new ProfilingSpoutCollector(collector, task.probe(), this);
        delegate().open(conf, context, new SpoutOutputCollector(profilingCollector));
    }

    @Override
    public void nextTuple() {
        if (runEnded) {
            return;
        }
        task.probe().bindExecutorThread();
        delegate().nextTuple();
        if (runEnd.hasEnded(delegate(), profilingCollector.emitted())) {
            endRun();
        }
    }

    /**
     * The source's own id of a tuple the user's spout emits (never negative), or {@link
     * TupleIdExtractor#NO_ID} if it has none: then the profiler mints one. Called on the executor
     * thread for every emit.
     */
    protected long emittedTupleId(String streamId, List<Object> values, Object messageId) {
        return task.tupleIds().idOf(streamFields.of(streamId), values);
    }


    private void endRun() {
        runEnded = true;
        task.endOfRun();
        collector.emit(PillStream.ID, PillStream.pill());
        collector.flush();
    }

    @Override
    public void ack(Object msgId) {
        delegate().ack(msgId);
    }

    @Override
    public void fail(Object msgId) {
        delegate().fail(msgId);
    }

    @Override
    public void activate() {
        delegate().activate();
    }

    /** Ends the run if it has not ended (a killed topology is deactivated first), and flushes. */
    @Override
    public void deactivate() {
        delegate().deactivate();
        if (!runEnded) {
            endRun();
        }
        task.probe().close();
    }

    @Override
    public void close() {
        delegate().close();
        task.probe().retire();
    }
}
