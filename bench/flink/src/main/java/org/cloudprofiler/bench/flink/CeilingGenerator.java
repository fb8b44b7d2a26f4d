package org.cloudprofiler.bench.flink;

import java.util.concurrent.locks.LockSupport;

import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.cloudprofiler.bench.ingestion.RunTally;
import org.cloudprofiler.bench.ingestion.ScheduleLagRecorder;
import org.cloudprofiler.bench.ingestion.SourceReport;

/**
 * The ceiling's records: one preallocated value (the raw payload's size), handed out on an
 * absolute schedule of {@code rate × duration} records, record k due k / rate seconds after the
 * first. A record that is not due yet waits for its time on the task thread; one that is late
 * goes out at once, so a source that falls behind leaves a backlog, judged by the drain. After
 * the last record it reports to its {@link RunTally}. Runs with source parallelism 1, which
 * asks for the indexes 0, 1, 2, … in order; called on that subtask's task thread.
 */
final class CeilingGenerator implements GeneratorFunction<Long, byte[]> {
    private static final long serialVersionUID = 1L;

    private final String runId;
    private final long recordsPerSecond;
    private final long recordCount;
    private final int valueBytes;
    private transient RunTally tally;
    private transient byte[] value;
    private transient ScheduleLagRecorder lag;
    private transient long startNs;
    // Records up to this index are due; the clock is read again only past it.
    private transient long dueUpTo;

    CeilingGenerator(String runId, long recordsPerSecond, long recordCount, int valueBytes) {
        this.runId = runId;
        this.recordsPerSecond = recordsPerSecond;
        this.recordCount = recordCount;
        this.valueBytes = valueBytes;
    }

    @Override
    public void open(SourceReaderContext readerContext) {
        tally = RunTally.of(runId);
        value = new byte[valueBytes];
    }

    @Override
    public byte[] map(Long boxedIndex) {
        long index = boxedIndex;
        if (index >= dueUpTo) {
            awaitDue(index);
        }
        if (index == recordCount - 1) {
            tally.reportSource(new SourceReport(recordCount, 0, startNs, System.nanoTime(),
                    lag.finish()));
        }
        return value;
    }

    private void awaitDue(long index) {
        long nowNs = System.nanoTime();
        if (lag == null) {
            // The schedule starts with the first record: the job is running by then.
            startNs = nowNs;
            lag = new ScheduleLagRecorder(nowNs);
        }
        while (dueNs(index) > nowNs) {
            LockSupport.parkNanos(dueNs(index) - nowNs);
            nowNs = System.nanoTime();
        }
        lag.record(nowNs, nowNs - dueNs(index));
        // elapsed·rate fits a long for runs of up to 15 minutes at 10⁷ records/s.
        dueUpTo = Math.min(recordCount, (nowNs - startNs) * recordsPerSecond / 1_000_000_000L + 1);
    }

    private long dueNs(long index) {
        return startNs + index * 1_000_000_000L / recordsPerSecond;
    }
}
