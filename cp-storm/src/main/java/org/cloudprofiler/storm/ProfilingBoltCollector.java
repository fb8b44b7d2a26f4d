package org.cloudprofiler.storm;

import java.util.Collection;
import java.util.List;

import org.apache.storm.task.IOutputCollector;
import org.apache.storm.tuple.Tuple;

/**
 * The collector a profiled bolt's user bolt emits through: each emit gets its ids from the bolt
 * and logs the tuple's hand-off ({@code out}) just before Storm takes it, so that no downstream
 * task can log its {@code in} first; on the executor thread and the task's one other emitting
 * thread (a time window's trigger), while emits from any further thread pass through unlogged
 * and counted ({@link ProfiledBolt#handOff}). Acks and fails pass through.
 */
final class ProfilingBoltCollector implements IOutputCollector {

    private final IOutputCollector collector;
    private final ProfiledBolt bolt;

    ProfilingBoltCollector(IOutputCollector collector, ProfiledBolt bolt) {
        this.collector = collector;
        this.bolt = bolt;
    }

    @Override
    public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        return collector.emit(streamId, anchors, bolt.handOff(tuple));
    }

    @Override
    public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors,
            List<Object> tuple) {
        collector.emitDirect(taskId, streamId, anchors, bolt.handOff(tuple));
    }

    @Override
    public void ack(Tuple input) {
        collector.ack(input);
    }

    @Override
    public void fail(Tuple input) {
        collector.fail(input);
    }

    @Override
    public void resetTimeout(Tuple input) {
        collector.resetTimeout(input);
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
