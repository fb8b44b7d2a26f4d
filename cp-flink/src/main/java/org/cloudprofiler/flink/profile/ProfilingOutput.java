package org.cloudprofiler.flink.profile;

import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.OutputTag;

/**
 * The output a profiled operator emits into: just before the next operator or the exchange
 * takes a record, the lineage rule decides its ids, its hand-off ({@code out}) is logged, and its
 * ids are left in the task thread's register for them. A watermark the operator generated (not
 * one it passes on) is logged on its way. Everything else passes through untouched.
 */
final class ProfilingOutput<T> extends GeneratedWatermarksOutput<T> {
    ProfilingOutput(Output<StreamRecord<T>> next, SubtaskProfiler profiler) {
        super(next, profiler);
    }

    @Override
    public void collect(StreamRecord<T> record) {
        profiler.handOff();
        next.collect(record);
    }

    @Override
    public <X> void collect(OutputTag<X> outputTag, StreamRecord<X> record) {
        profiler.handOff();
        next.collect(outputTag, record);
    }
}
