package org.cloudprofiler.flink.profile;

import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.streaming.api.functions.source.legacy.SourceFunction;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.api.operators.StreamSource;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.tasks.OperatorChain;

/**
 * A legacy {@code SourceFunction} source ({@code addSource}, the SQL {@code datagen} connector)
 * profiled: Flink runs it as the {@link StreamSource} it is, and its records are collected into a
 * {@link LegacySourceOutput}. The function runs on a thread of its own, not the task's, so the
 * subtask's probe is bound to that thread when the function starts, and the operator is chained
 * to nothing (the client sees to it: an operator chained after it would see records on that
 * thread and timers on the task's). Its end of run is the function's return, unless the
 * source was cancelled or stopped.
 */
final class ProfiledStreamSource<OUT, SRC extends SourceFunction<OUT>>
        extends StreamSource<OUT, SRC> {
    private static final long serialVersionUID = 1L;

    private final OperatorProfile profile;
    private final RecordIdExtractor<OUT> ids;
    private transient volatile SubtaskProfiler profiler;

    /** @param ids the extractor of the records' ids, null to mint every id */
    ProfiledStreamSource(SRC function, boolean emitsProgressiveWatermarks,
            OperatorProfile profile, RecordIdExtractor<OUT> ids) {
        super(function, emitsProgressiveWatermarks);
        this.profile = profile;
        this.ids = ids;
    }

    @Override
    public void run(Object lockingObject, Output<StreamRecord<OUT>> collector,
            OperatorChain<?, ?> operatorChain) throws Exception {
        TaskInfo task = getRuntimeContext().getTaskInfo();
        SubtaskProfiler started = SubtaskProfiler.create(profile,
                task.getIndexOfThisSubtask(), task.getNumberOfParallelSubtasks(),
                task.getAttemptNumber(), getMetricGroup());
        profiler = started;
        started.open(getContainingTask().getEnvironment().getJobID().toHexString());
        super.run(lockingObject, new LegacySourceOutput<>(collector, started, ids),
                operatorChain);
        if (!isCanceledOrStopped()) {
            // The function returned by itself: its input has ended (a cancelled job records
            // no end).
            started.endOfRun();
        }
    }

    @Override
    public void close() throws Exception {
        try {
            super.close();
        } finally {
            SubtaskProfiler started = profiler;
            if (started != null) {
                started.retire();
            }
        }
    }
}
