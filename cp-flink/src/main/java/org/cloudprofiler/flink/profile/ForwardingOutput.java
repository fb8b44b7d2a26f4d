package org.cloudprofiler.flink.profile;

import org.apache.flink.runtime.event.WatermarkEvent;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

/**
 * An operator's output that passes everything but records to the next output untouched; the
 * profiled outputs say what they do with the records they collect.
 */
abstract class ForwardingOutput<T> implements Output<StreamRecord<T>> {
    /** Where every element goes on. */
    final Output<StreamRecord<T>> next;

    ForwardingOutput(Output<StreamRecord<T>> next) {
        this.next = next;
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
