package org.cloudprofiler.storm;

import java.util.List;

import org.apache.storm.spout.ISpoutOutputCollector;
import org.cloudprofiler.probe.TaskProbe;

/**
 * The collector a profiled spout's user spout emits through: each emit on the executor thread
 * logs the tuple's entry into the topology ({@code in}, counter, CPU) and its hand-off
 * ({@code out}), both before Storm takes it: once Storm has it, a downstream task may run it
 * before this thread returns, and an {@code out} logged then would follow that task's {@code in}.
 * Emits from other threads pass through unlogged and counted.
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
        long id = spout.emittedTupleId(streamId, tuple, messageId);
        probe.enter(id);
        probe.handOff(id);
        List<Integer> tasks = collector.emit(streamId, tuple, messageId);
        emitted++;
        return tasks;
    }

    @Override
    public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
        if (!probe.emitIsOnExecutorThread()) {
            collector.emitDirect(taskId, streamId, tuple, messageId);
            return;
        }
        long id = spout.emittedTupleId(streamId, tuple, messageId);
        probe.enter(id);
        probe.handOff(id);
        collector.emitDirect(taskId, streamId, tuple, messageId);
        emitted++;
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
