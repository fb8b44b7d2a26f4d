package org.cloudprofiler.bench.flink;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.cloudprofiler.bench.ingestion.RunTally;

/**
 * Discards every record and counts it in its run's {@link RunTally}: the MiniCluster runs its
 * own deserialized copy of the sink, so the writer finds the tally by the run's id. The writer
 * is called on its subtask's task thread.
 */
final class CountingDiscardingSink<T> implements Sink<T> {
    private static final long serialVersionUID = 1L;

    private final String runId;

    CountingDiscardingSink(String runId) {
        this.runId = runId;
    }

    @Override
    public SinkWriter<T> createWriter(WriterInitContext context) {
        RunTally tally = RunTally.of(runId);
        return new SinkWriter<>() {
            @Override
            public void write(T element, Context context) {
                tally.countIngested();
            }

            @Override
            public void flush(boolean endOfInput) {}

            @Override
            public void close() {}
        };
    }
}
