package org.cloudprofiler.flink.profile;

import org.apache.flink.runtime.event.WatermarkEvent;
import org.apache.flink.streaming.api.operators.BoundedMultiInput;
import org.apache.flink.streaming.api.operators.InputSelectable;
import org.apache.flink.streaming.api.operators.InputSelection;
import org.apache.flink.streaming.api.operators.TwoInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.operators.asyncprocessing.AsyncKeyOrderedProcessing;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.util.function.ThrowingConsumer;

/**
 * A profiled two-input operator (joins, co-processing): records of either input are logged as
 * they enter, under the id each carries; what the operator emits while processing one follows
 * the lineage rule for that record, what it emits on a watermark or at the end of an input is
 * minted here (docs/flink.md, "Tuple ids").
 */
class ProfiledTwoInputOperator<IN1, IN2, OUT> extends ProfiledOperator<OUT>
        implements TwoInputStreamOperator<IN1, IN2, OUT>, BoundedMultiInput,
                AsyncKeyOrderedProcessing {
    private static final long serialVersionUID = 1L;

    private final TwoInputStreamOperator<IN1, IN2, OUT> inputs;
    private final transient InputWatermarks eventTime = new InputWatermarks(2);

    ProfiledTwoInputOperator(TwoInputStreamOperator<IN1, IN2, OUT> operator,
            SubtaskProfiler profiler, String runId) {
        super(operator, profiler, runId);
        this.inputs = operator;
    }

    /** The wrapper of {@code operator}: selectable if it is. */
    static <IN1, IN2, OUT> ProfiledTwoInputOperator<IN1, IN2, OUT> of(
            TwoInputStreamOperator<IN1, IN2, OUT> operator, SubtaskProfiler profiler,
            String runId) {
        return operator instanceof InputSelectable
                ? new Selectable<>(operator, profiler, runId)
                : new ProfiledTwoInputOperator<>(operator, profiler, runId);
    }

    @Override
    public void processElement1(StreamRecord<IN1> element) throws Exception {
        SubtaskProfiler profiler = profiler();
        profiler.enter(0, true);
        try {
            inputs.processElement1(element);
        } finally {
            profiler.exit();
        }
    }

    @Override
    public void processElement2(StreamRecord<IN2> element) throws Exception {
        SubtaskProfiler profiler = profiler();
        profiler.enter(1, true);
        try {
            inputs.processElement2(element);
        } finally {
            profiler.exit();
        }
    }

    @Override
    public void processWatermark1(Watermark mark) throws Exception {
        profiler().runOnWatermark(eventTime.advance(0, mark.getTimestamp()),
                () -> inputs.processWatermark1(mark));
    }

    @Override
    public void processWatermark2(Watermark mark) throws Exception {
        profiler().runOnWatermark(eventTime.advance(1, mark.getTimestamp()),
                () -> inputs.processWatermark2(mark));
    }

    @Override
    public void processLatencyMarker1(LatencyMarker latencyMarker) throws Exception {
        inputs.processLatencyMarker1(latencyMarker);
    }

    @Override
    public void processLatencyMarker2(LatencyMarker latencyMarker) throws Exception {
        inputs.processLatencyMarker2(latencyMarker);
    }

    @Override
    public void processWatermarkStatus1(WatermarkStatus watermarkStatus) throws Exception {
        eventTime.status(0, watermarkStatus.isIdle());
        profiler().runOnWatermarkStatus(() -> inputs.processWatermarkStatus1(watermarkStatus));
    }

    @Override
    public void processWatermarkStatus2(WatermarkStatus watermarkStatus) throws Exception {
        eventTime.status(1, watermarkStatus.isIdle());
        profiler().runOnWatermarkStatus(() -> inputs.processWatermarkStatus2(watermarkStatus));
    }

    @Override
    public void processRecordAttributes1(RecordAttributes recordAttributes) throws Exception {
        inputs.processRecordAttributes1(recordAttributes);
    }

    @Override
    public void processRecordAttributes2(RecordAttributes recordAttributes) throws Exception {
        inputs.processRecordAttributes2(recordAttributes);
    }

    @Override
    public void processWatermark1(WatermarkEvent watermark) throws Exception {
        profiler().runTriggered(() -> inputs.processWatermark1(watermark));
    }

    @Override
    public void processWatermark2(WatermarkEvent watermark) throws Exception {
        profiler().runTriggered(() -> inputs.processWatermark2(watermark));
    }

    @Override
    public void endInput(int inputId) throws Exception {
        if (inputs instanceof BoundedMultiInput bounded) {
            profiler().runTriggered(() -> bounded.endInput(inputId));
        }
    }

    @Override
    public boolean isAsyncKeyOrderedProcessingEnabled() {
        return inputs instanceof AsyncKeyOrderedProcessing async
                && async.isAsyncKeyOrderedProcessingEnabled();
    }

    @Override
    public <T> ThrowingConsumer<StreamRecord<T>, Exception> getRecordProcessor(int inputId) {
        return ProfiledInputs.asynchronouslyProcessed(profiler(), inputId - 1,
                ((AsyncKeyOrderedProcessing) inputs).getRecordProcessor(inputId));
    }

    /** For an operator that selects which input it reads next. */
    private static final class Selectable<IN1, IN2, OUT>
            extends ProfiledTwoInputOperator<IN1, IN2, OUT> implements InputSelectable {
        private static final long serialVersionUID = 1L;

        Selectable(TwoInputStreamOperator<IN1, IN2, OUT> operator, SubtaskProfiler profiler,
                String runId) {
            super(operator, profiler, runId);
        }

        @Override
        public InputSelection nextSelection() {
            return ((InputSelectable) profiled()).nextSelection();
        }
    }
}
