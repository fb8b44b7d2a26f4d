package org.cloudprofiler.flink.profile;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.runtime.event.WatermarkEvent;
import org.apache.flink.streaming.api.operators.Input;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.util.function.ThrowingConsumer;

/** The per-record probe of an input, around whatever processes the record. */
final class ProfiledInputs {

    private ProfiledInputs() {}

    /** {@code processor} with the record logged on {@code input} as it enters. */
    static <T> ThrowingConsumer<StreamRecord<T>, Exception> profiledProcessor(
            SubtaskProfiler profiler, int input,
            ThrowingConsumer<StreamRecord<T>, Exception> processor) {
        return record -> {
            profiler.enter(input);
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
        for (int i = 0; i < inputs.size(); i++) {
            profiled.add(new ProfiledInput(inputs.get(i), profiler, i));
        }
        return profiled;
    }

    /** One input of a multiple-input operator. */
    private static final class ProfiledInput<T> implements Input<T> {
        private final Input<T> input;
        private final SubtaskProfiler profiler;
        private final int index;

        ProfiledInput(Input<T> input, SubtaskProfiler profiler, int index) {
            this.input = input;
            this.profiler = profiler;
            this.index = index;
        }

        @Override
        public void processElement(StreamRecord<T> element) throws Exception {
            profiler.enter(index);
            try {
                input.processElement(element);
            } finally {
                profiler.exit();
            }
        }

        @Override
        public void processWatermark(Watermark mark) throws Exception {
            input.processWatermark(mark);
        }

        @Override
        public void processWatermarkStatus(WatermarkStatus watermarkStatus) throws Exception {
            input.processWatermarkStatus(watermarkStatus);
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
            input.processWatermark(watermark);
        }
    }
}
