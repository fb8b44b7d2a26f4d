package org.cloudprofiler.flink.profile;

import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

/**
 * The output of a profiled operator or legacy source: the watermarks and idleness it emits are
 * logged where it generated them (docs/design.md, "Watermarks: when a window's results were
 * released"), then passed on; the subclasses say what they do with records.
 */
abstract class GeneratedWatermarksOutput<T> extends ForwardingOutput<T> {
    final SubtaskProfiler profiler;

    GeneratedWatermarksOutput(Output<StreamRecord<T>> next, SubtaskProfiler profiler) {
        super(next);
        this.profiler = profiler;
    }

    @Override
    public void emitWatermark(Watermark mark) {
        profiler.watermarkEmitted(mark.getTimestamp());
        next.emitWatermark(mark);
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        if (status.isIdle()) {
            profiler.idle();
        }
        next.emitWatermarkStatus(status);
    }
}
