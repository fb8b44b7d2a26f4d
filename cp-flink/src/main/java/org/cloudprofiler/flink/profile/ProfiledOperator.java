package org.cloudprofiler.flink.profile;

import org.apache.flink.metrics.groups.OperatorMetricGroup;
import org.apache.flink.runtime.checkpoint.CheckpointOptions;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.state.CheckpointStreamFactory;
import org.apache.flink.streaming.api.operators.OperatorAttributes;
import org.apache.flink.streaming.api.operators.OperatorSnapshotFutures;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamTaskStateInitializer;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * A user's or the planner's operator with its subtask's profiling around it: channels opened on
 * the task thread at {@link #open}, the end of the run recorded at {@link #finish} (Flink's end
 * of input; what the operator flushes there is minted as outside a record), channels closed at
 * {@link #close}. The kinds of input add the per-record probes.
 * Everything else is the wrapped operator's.
 */
abstract class ProfiledOperator<OUT> implements StreamOperator<OUT> {
    private static final long serialVersionUID = 1L;

    private final StreamOperator<OUT> operator;
    private final transient SubtaskProfiler profiler;
    private final String runId;

    ProfiledOperator(StreamOperator<OUT> operator, SubtaskProfiler profiler, String runId) {
        this.operator = operator;
        this.profiler = profiler;
        this.runId = runId;
    }

    final SubtaskProfiler profiler() {
        return profiler;
    }

    /** The operator this one profiles. */
    public final StreamOperator<OUT> profiled() {
        return operator;
    }

    @Override
    public void open() throws Exception {
        profiler.open(runId);
        operator.open();
    }

    @Override
    public void finish() throws Exception {
        profiler.runTriggered(operator::finish);
        profiler.endOfRun();
    }

    @Override
    public void close() throws Exception {
        try {
            operator.close();
        } finally {
            profiler.retire();
        }
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        operator.prepareSnapshotPreBarrier(checkpointId);
    }

    @Override
    public OperatorSnapshotFutures snapshotState(long checkpointId, long timestamp,
            CheckpointOptions checkpointOptions, CheckpointStreamFactory storageLocation)
            throws Exception {
        return operator.snapshotState(checkpointId, timestamp, checkpointOptions,
                storageLocation);
    }

    @Override
    public void initializeState(StreamTaskStateInitializer streamTaskStateManager)
            throws Exception {
        operator.initializeState(streamTaskStateManager);
    }

    @Override
    public void setKeyContextElement1(StreamRecord<?> record) throws Exception {
        operator.setKeyContextElement1(record);
    }

    @Override
    public void setKeyContextElement2(StreamRecord<?> record) throws Exception {
        operator.setKeyContextElement2(record);
    }

    @Override
    public OperatorMetricGroup getMetricGroup() {
        return operator.getMetricGroup();
    }

    @Override
    public OperatorID getOperatorID() {
        return operator.getOperatorID();
    }

    @Override
    public OperatorAttributes getOperatorAttributes() {
        return operator.getOperatorAttributes();
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        operator.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
        operator.notifyCheckpointAborted(checkpointId);
    }

    @Override
    public void setCurrentKey(Object key) {
        operator.setCurrentKey(key);
    }

    @Override
    public Object getCurrentKey() {
        return operator.getCurrentKey();
    }
}
