package org.cloudprofiler.flink.profile;

import java.util.List;
import org.apache.flink.streaming.api.operators.BoundedMultiInput;
import org.apache.flink.streaming.api.operators.Input;
import org.apache.flink.streaming.api.operators.InputSelectable;
import org.apache.flink.streaming.api.operators.InputSelection;
import org.apache.flink.streaming.api.operators.MultipleInputStreamOperator;

/**
 * A profiled operator of any number of inputs (the planner's multiple-input operators): each
 * input is profiled as the two-input operator's are.
 */
class ProfiledMultipleInputOperator<OUT> extends ProfiledOperator<OUT>
        implements MultipleInputStreamOperator<OUT>, BoundedMultiInput {
    private static final long serialVersionUID = 1L;

    private final MultipleInputStreamOperator<OUT> operator;
    @SuppressWarnings("rawtypes") // Flink's own signature.
    private transient List<Input> inputs;

    ProfiledMultipleInputOperator(MultipleInputStreamOperator<OUT> operator,
            SubtaskProfiler profiler, String runId) {
        super(operator, profiler, runId);
        this.operator = operator;
    }

    /** The wrapper of {@code operator}: selectable if it is. */
    static <OUT> ProfiledMultipleInputOperator<OUT> of(MultipleInputStreamOperator<OUT> operator,
            SubtaskProfiler profiler, String runId) {
        return operator instanceof InputSelectable
                ? new Selectable<>(operator, profiler, runId)
                : new ProfiledMultipleInputOperator<>(operator, profiler, runId);
    }

    @Override
    @SuppressWarnings("rawtypes") // Flink's own signature.
    public List<Input> getInputs() {
        if (inputs == null) {
            inputs = ProfiledInputs.profiled(operator.getInputs(), profiler());
        }
        return inputs;
    }

    @Override
    public void endInput(int inputId) throws Exception {
        if (operator instanceof BoundedMultiInput bounded) {
            profiler().runTriggered(() -> bounded.endInput(inputId));
        }
    }

    /** For an operator that selects which input it reads next. */
    private static final class Selectable<OUT> extends ProfiledMultipleInputOperator<OUT>
            implements InputSelectable {
        private static final long serialVersionUID = 1L;

        Selectable(MultipleInputStreamOperator<OUT> operator, SubtaskProfiler profiler,
                String runId) {
            super(operator, profiler, runId);
        }

        @Override
        public InputSelection nextSelection() {
            return ((InputSelectable) profiled()).nextSelection();
        }
    }
}
