package org.cloudprofiler.flink.profile;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ExternallyInducedSourceReader;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.runtime.metrics.scope.ScopeFormat;
import org.cloudprofiler.probe.TaskProbe;

/**
 * A source subtask's reader with its emits profiled: each record it collects is logged as
 * entering the job and handed on ({@code in}, {@code out}, as a spout's), under the id the
 * source gave it (JofSource, a profiled KafkaSource) or the extractor finds, else under one
 * minted here; its end of input is the subtask's end of run. Flink calls it on the task thread,
 * except {@link #close}.
 */
class ProfiledSourceReader<T, SplitT extends SourceSplit> implements SourceReader<T, SplitT> {
    private final SourceReader<T, SplitT> reader;
    private final SubtaskProfiler profiler;
    private final RecordIdExtractor<T> ids;
    private final String runId;
    private ProfilingReaderOutput mainOutput;

    /** {@code reader} profiled, an externally induced one staying so. */
    static <T, SplitT extends SourceSplit> ProfiledSourceReader<T, SplitT> of(
            SourceReader<T, SplitT> reader, SourceReaderContext context, OperatorProfile profile,
            RecordIdExtractor<T> ids) {
        return reader instanceof ExternallyInducedSourceReader<T, SplitT> induced
                ? new ExternallyInduced<>(induced, context, profile, ids)
                : new ProfiledSourceReader<>(reader, context, profile, ids);
    }

    private ProfiledSourceReader(SourceReader<T, SplitT> reader, SourceReaderContext context,
            OperatorProfile profile, RecordIdExtractor<T> ids) {
        this.reader = reader;
        this.ids = ids;
        Map<String, String> scope = context.metricGroup().getAllVariables();
        this.profiler = SubtaskProfiler.create(profile, context.getIndexOfSubtask(),
                context.currentParallelism(), attempt(scope), context.metricGroup());
        this.runId = scope.get(ScopeFormat.SCOPE_JOB_ID);
    }

    /** The subtask's attempt number, which the reader's context gives only in its metrics. */
    private static int attempt(Map<String, String> scope) {
        String attempt = scope.get(ScopeFormat.SCOPE_TASK_ATTEMPT_NUM);
        return attempt == null ? 0 : Integer.parseInt(attempt);
    }

    @Override
    public void start() {
        profiler.open(runId);
        reader.start();
    }

    @Override
    public InputStatus pollNext(ReaderOutput<T> output) throws Exception {
        if (mainOutput == null || mainOutput.output != output) {
            mainOutput = new ProfilingReaderOutput(output);
        }
        // What an exchange into the task left in hand is no id of this source's records.
        profiler.register().set(TaskProbe.NO_ID);
        InputStatus status;
        try {
            status = reader.pollNext(mainOutput);
        } finally {
            profiler.sourceRecordsEmitted();
        }
        if (status == InputStatus.END_OF_INPUT) {
            profiler.endOfRun();
        }
        return status;
    }

    /** Logs the record's emit and leaves its ids for the next operator or the exchange. */
    private void emitting(T record) {
        long given = ids != null ? ids.idOf(record) : profiler.register().id();
        profiler.emitFromSource(given);
    }

    /** What the source had set is spent: the next record brings its own id. */
    private void emitted() {
        profiler.register().set(TaskProbe.NO_ID);
    }

    @Override
    public List<SplitT> snapshotState(long checkpointId) {
        return reader.snapshotState(checkpointId);
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return reader.isAvailable();
    }

    @Override
    public void addSplits(List<SplitT> splits) {
        reader.addSplits(splits);
    }

    @Override
    public void notifyNoMoreSplits() {
        reader.notifyNoMoreSplits();
    }

    @Override
    public void handleSourceEvents(SourceEvent sourceEvent) {
        reader.handleSourceEvents(sourceEvent);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        reader.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
        reader.notifyCheckpointAborted(checkpointId);
    }

    @Override
    public void pauseOrResumeSplits(Collection<String> splitsToPause,
            Collection<String> splitsToResume) {
        reader.pauseOrResumeSplits(splitsToPause, splitsToResume);
    }

    @Override
    public void close() throws Exception {
        try {
            reader.close();
        } finally {
            profiler.retire();
        }
    }

    /** A reader whose source decides when checkpoints are taken. */
    private static final class ExternallyInduced<T, SplitT extends SourceSplit>
            extends ProfiledSourceReader<T, SplitT>
            implements ExternallyInducedSourceReader<T, SplitT> {
        private final ExternallyInducedSourceReader<T, SplitT> induced;

        ExternallyInduced(ExternallyInducedSourceReader<T, SplitT> reader,
                SourceReaderContext context, OperatorProfile profile, RecordIdExtractor<T> ids) {
            super(reader, context, profile, ids);
            this.induced = reader;
        }

        @Override
        public Optional<Long> shouldTriggerCheckpoint() {
            return induced.shouldTriggerCheckpoint();
        }
    }

    /** A split's output, or the reader's, with the records it collects profiled. */
    private class ProfilingSplitOutput<O extends SourceOutput<T>> implements SourceOutput<T> {
        final O output;

        ProfilingSplitOutput(O output) {
            this.output = output;
        }

        @Override
        public void collect(T record) {
            emitting(record);
            output.collect(record);
            emitted();
        }

        @Override
        public void collect(T record, long timestamp) {
            emitting(record);
            output.collect(record, timestamp);
            emitted();
        }

        @Override
        public void emitWatermark(Watermark watermark) {
            output.emitWatermark(watermark);
        }

        @Override
        public void markIdle() {
            output.markIdle();
        }

        @Override
        public void markActive() {
            output.markActive();
        }
    }

    /** The reader's output, profiled; the outputs it makes for splits too. */
    private final class ProfilingReaderOutput extends ProfilingSplitOutput<ReaderOutput<T>>
            implements ReaderOutput<T> {

        ProfilingReaderOutput(ReaderOutput<T> output) {
            super(output);
        }

        @Override
        public SourceOutput<T> createOutputForSplit(String splitId) {
            return new ProfilingSplitOutput<>(output.createOutputForSplit(splitId));
        }

        @Override
        public void releaseOutputForSplit(String splitId) {
            output.releaseOutputForSplit(splitId);
        }
    }
}
