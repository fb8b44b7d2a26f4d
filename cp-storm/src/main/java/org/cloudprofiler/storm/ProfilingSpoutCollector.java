package org.cloudprofiler.storm;

import java.util.List;

import org.apache.storm.spout.ISpoutOutputCollector;
import org.cloudprofiler.probe.TaskProbe;
import org.cloudprofiler.storm.lineage.IdentifiedValues;

/**
 * The collector a profiled spout's user spout emits through: each emit on the executor thread gets
 * its record's id (the source's own or a minted one), which travels beside the values as the
 * tuple's id and root, and logs the tuple's entry into the topology ({@code in}, counter, CPU) and
 * its hand-off ({@code out}), both before Storm takes it: once Storm has it, a downstream task may
 * run it before this thread returns, and an {@code out} logged then would follow that task's
 * {@code in}. Emits from other threads pass through unlogged and counted.
 */
final class ProfilingSpoutCollector implements ISpoutOutputCollector {

    private final ISpoutOutputCollector collector;
    private final TaskProbe probe;
    private final ProfiledSpout spout;
    private long emitted;

    ProfilingSpoutCollector(ISpoutOutputCollector collector, TaskProbe probe,
            ProfiledSpout spout) {
        this.collector = collector;
        this.probe = probe;
        this.spout = spout;
    }

    @Override
    public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
        if (!probe.emitIsOnExecutorThread()) {
            return collector.emit(streamId, tuple, messageId);
        }
        List<Object> identified = enter(streamId, tuple, messageId);
        List<Integer> tasks = collector.emit(streamId, identified, messageId);
        emitted++;
        return tasks;
    }

    @Override
    public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
        if (!probe.emitIsOnExecutorThread()) {
            collector.emitDirect(taskId, streamId, tuple, messageId);
            return;
        }
        collector.emitDirect(taskId, streamId, enter(streamId, tuple, messageId), messageId);
        emitted++;
    }

    /**
     * Logs the record's entry and hand-off under its id (the source's own, else minted: docs/
     * design.md, "Ids at the sources"); its values with the id beside them.
     */
    private List<Object> enter(String streamId, List<Object> tuple, Object messageId) {
        long id = probe.sourceId(spout.emittedTupleId(streamId, tuple, messageId));
        probe.enter(id, id);
        probe.handOff();
        probe.processed();
        return id == TaskProbe.NO_ID ? tuple : new IdentifiedValues(tuple, id, id);
    }

    /** Tuples emitted on the executor thread so far. */
    long emitted() {
        return emitted;
    }

    @Override
    public long getPendingCount() {
        return collector.getPendingCount();
    }

    @Override
    public void flush() {
        collector.flush();
    }

    @Override
    public void reportError(Throwable error) {
        collector.reportError(error);
    }
}
