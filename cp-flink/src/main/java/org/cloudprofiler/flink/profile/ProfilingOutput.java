package org.cloudprofiler.flink.profile;

import org.apache.flink.runtime.event.WatermarkEvent;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.util.OutputTag;

/**
 * The output a profiled operator emits into: logs each record's hand-off ({@code out}) just before
 * the next operator or the exchange takes it, and leaves its id in the task thread's register for
 * them. Everything else passes through untouched.
 */
final class ProfilingOutput<T> implements Output<StreamRecord<T>> {
    private final Output<StreamRecord<T>> next;
    private final SubtaskProfiler profiler;

    ProfilingOutput(Output<StreamRecord<T>> next, SubtaskProfiler profiler) {
        this.next = next;
        this.profiler = profiler;
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

    @Override
    public void emitWatermark(Watermark mark) {
        next.emitWatermark(mark);
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus watermarkStatus) {
        next.emitWatermarkStatus(watermarkStatus);
    }

    @Override
    public void emitLatencyMarker(LatencyMarker latencyMarker) {
        next.emitLatencyMarker(latencyMarker);
    }

    @Override
    public void emitRecordAttributes(RecordAttributes recordAttributes) {
        next.emitRecordAttributes(recordAttributes);
    }

    @Override
    public void emitWatermark(WatermarkEvent watermark) {
        next.emitWatermark(watermark);
    }

    @Override
    public void close() {
        next.close();
    }
}
