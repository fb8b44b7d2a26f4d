package org.cloudprofiler.storm;

import java.util.List;

import org.apache.storm.spout.ISpoutOutputCollector;
import org.cloudprofiler.storm.probe.TaskProbe;

/**
 * The collector a profiled spout's user spout emits through: each emit on the executor thread
 * logs the tuple's entry into the topology ({@code in}, counter, CPU) before Storm takes it and
 * {@code out} after. Emits from other threads pass through unlogged and counted.
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
        List<Integer> tasks = collector.emit(streamId, tuple, messageId);
        probe.exit(id);
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
        collector.emitDirect(taskId, streamId, tuple, messageId);
        probe.exit(id);
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
