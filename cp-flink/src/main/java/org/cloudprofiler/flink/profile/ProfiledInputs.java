package org.cloudprofiler.flink.profile;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.runtime.event.WatermarkEvent;
import org.apache.flink.streaming.api.operators.Input;
import org.apache.flink.streaming.api.operators.KeyContextHandler;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.operators.asyncprocessing.AsyncKeyOrderedProcessing;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.util.function.ThrowingConsumer;

/** The per-record probe of an input, around whatever processes the record. */
final class ProfiledInputs {

    private ProfiledInputs() {}

    /**
     * The processor of an operator with asynchronous keyed state, with the record logged on
     * {@code input} as it enters. Its work on a record may wait for state and run later, so what
     * it emits is minted as outside a record.
     */
    static <T> ThrowingConsumer<StreamRecord<T>, Exception> asynchronouslyProcessed(
            SubtaskProfiler profiler, int input,
            ThrowingConsumer<StreamRecord<T>, Exception> processor) {
        return record -> {
            profiler.enter(input, false);
            try {
                processor.accept(record);
            } finally {
                profiler.exit();
            }
        };
    }

    /** The inputs of a multiple-input operator, each profiled as input {@code i}. */
    @SuppressWarnings({"rawtypes", "unchecked"}) // Flink's own signature uses raw Inputs.
    static List<Input> profiled(List<Input> inputs, SubtaskProfiler profiler) {
        List<Input> profiled = new ArrayList<>(inputs.size());
        InputWatermarks eventTime = new InputWatermarks(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            profiled.add(new ProfiledInput(inputs.get(i), profiler, i, eventTime));
        }
        return profiled;
    }

    /**
     * One input of a multiple-input operator; Flink finds out from it, as from the input it
     * profiles, whether to set the key context and how asynchronous keyed state processes it.
     */
    private static final class ProfiledInput<T> implements Input<T>, KeyContextHandler,
            AsyncKeyOrderedProcessing {
        private final Input<T> input;
        private final SubtaskProfiler profiler;
        private final int index;
        /** The event time of the operator, which all its inputs advance. */
        private final InputWatermarks eventTime;

        ProfiledInput(Input<T> input, SubtaskProfiler profiler, int index,
                InputWatermarks eventTime) {
            this.input = input;
            this.eventTime = eventTime;
            this.profiler = profiler;
            this.index = index;
        }

        @Override
        public void processElement(StreamRecord<T> element) throws Exception {
            profiler.enter(index, true);
            try {
                input.processElement(element);
            } finally {
                profiler.exit();
            }
        }

        @Override
        public void processWatermark(Watermark mark) throws Exception {
            profiler.runOnWatermark(eventTime.advance(index, mark.getTimestamp()),
                    () -> input.processWatermark(mark));
        }

        @Override
        public void processWatermarkStatus(WatermarkStatus watermarkStatus) throws Exception {
            eventTime.status(index, watermarkStatus.isIdle());
            profiler.runOnWatermarkStatus(() -> input.processWatermarkStatus(watermarkStatus));
        }

        @Override
        public void processLatencyMarker(LatencyMarker latencyMarker) throws Exception {
            input.processLatencyMarker(latencyMarker);
        }

        @Override
        public void setKeyContextElement(StreamRecord<T> record) throws Exception {
            input.setKeyContextElement(record);
        }

        @Override
        public void processRecordAttributes(RecordAttributes recordAttributes) throws Exception {
            input.processRecordAttributes(recordAttributes);
        }

        @Override
        public void processWatermark(WatermarkEvent watermark) throws Exception {
            profiler.runTriggered(() -> input.processWatermark(watermark));
        }

        @Override
        public boolean hasKeyContext() {
            return !(input instanceof KeyContextHandler handler) || handler.hasKeyContext();
        }

        @Override
        public boolean isAsyncKeyOrderedProcessingEnabled() {
            return input instanceof AsyncKeyOrderedProcessing async
                    && async.isAsyncKeyOrderedProcessingEnabled();
        }

        @Override
        public <R> ThrowingConsumer<StreamRecord<R>, Exception> getRecordProcessor(int inputId) {
            return asynchronouslyProcessed(profiler, index,
                    ((AsyncKeyOrderedProcessing) input).getRecordProcessor(inputId));
        }
    }
}
