package org.cloudprofiler.flink.profile;

import org.apache.flink.runtime.event.WatermarkEvent;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.operators.asyncprocessing.AsyncKeyOrderedProcessing;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.util.function.ThrowingConsumer;

/**
 * A profiled one-input operator: each record entering {@code processElement} is logged under its
 * id, and what the operator emits while it processes the record follows the lineage rule for it;
 * what it emits on a watermark (event-time timers, windows) or at the end of input is minted
 * here, with its {@code in} where the watermark or the end reached the operator. Asynchronous
 * keyed processing reaches the wrapped operator as if unwrapped.
 */
final class ProfiledOneInputOperator<IN, OUT> extends ProfiledOperator<OUT>
        implements OneInputStreamOperator<IN, OUT>, BoundedOneInput, AsyncKeyOrderedProcessing {
    private static final long serialVersionUID = 1L;

    private final OneInputStreamOperator<IN, OUT> input;
    private final transient InputWatermarks eventTime = new InputWatermarks(1);

    ProfiledOneInputOperator(OneInputStreamOperator<IN, OUT> operator, SubtaskProfiler profiler,
            String runId) {
        super(operator, profiler, runId);
        this.input = operator;
    }

    @Override
    public void processElement(StreamRecord<IN> element) throws Exception {
        SubtaskProfiler profiler = profiler();
        profiler.enter(0, true);
        try {
            input.processElement(element);
        } finally {
            profiler.exit();
        }
    }

    @Override
    public void setKeyContextElement(StreamRecord<IN> record) throws Exception {
        input.setKeyContextElement(record);
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        profiler().runOnWatermark(eventTime.advance(0, mark.getTimestamp()),
                () -> input.processWatermark(mark));
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus watermarkStatus) throws Exception {
        eventTime.status(0, watermarkStatus.isIdle());
        profiler().runOnWatermarkStatus(() -> input.processWatermarkStatus(watermarkStatus));
    }

    @Override
    public void processLatencyMarker(LatencyMarker latencyMarker) throws Exception {
        input.processLatencyMarker(latencyMarker);
    }

    @Override
    public void processRecordAttributes(RecordAttributes recordAttributes) throws Exception {
        input.processRecordAttributes(recordAttributes);
    }

    @Override
    public void processWatermark(WatermarkEvent watermark) throws Exception {
        profiler().runTriggered(() -> input.processWatermark(watermark));
    }

    @Override
    public void endInput() throws Exception {
        if (input instanceof BoundedOneInput bounded) {
            profiler().runTriggered(bounded::endInput);
        }
    }

    @Override
    public boolean isAsyncKeyOrderedProcessingEnabled() {
        return input instanceof AsyncKeyOrderedProcessing async
                && async.isAsyncKeyOrderedProcessingEnabled();
    }

    @Override
    public <T> ThrowingConsumer<StreamRecord<T>, Exception> getRecordProcessor(int inputId) {
        return ProfiledInputs.asynchronouslyProcessed(profiler(), 0,
                ((AsyncKeyOrderedProcessing) input).getRecordProcessor(inputId));
    }
}
