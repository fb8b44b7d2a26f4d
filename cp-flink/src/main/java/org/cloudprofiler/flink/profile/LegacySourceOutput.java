package org.cloudprofiler.flink.profile;

import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.OutputTag;
import org.cloudprofiler.probe.TaskProbe;

/**
 * The output a legacy {@code SourceFunction} collects into when profiled: each record is a
 * source record of its own, logged as entering the job and handed on under the id the extractor
 * finds, else one minted here; each watermark it emits is one it generated. Called on the
 * legacy source's thread; everything else passes through untouched.
 */
final class LegacySourceOutput<T> extends GeneratedWatermarksOutput<T> {
    private final RecordIdExtractor<T> ids;

    /** @param ids the extractor of the records' ids, null to mint every id */
    LegacySourceOutput(Output<StreamRecord<T>> next, SubtaskProfiler profiler,
            RecordIdExtractor<T> ids) {
        super(next, profiler);
        this.ids = ids;
    }

    @Override
    public void collect(StreamRecord<T> record) {
        profiler.emitFromSource(ids == null ? TaskProbe.NO_ID : ids.idOf(record.getValue()));
        try {
            next.collect(record);
        } finally {
            profiler.sourceRecordsEmitted();
        }
    }

    @Override
    public <X> void collect(OutputTag<X> outputTag, StreamRecord<X> record) {
        profiler.emitFromSource(TaskProbe.NO_ID);
        try {
            next.collect(outputTag, record);
        } finally {
            profiler.sourceRecordsEmitted();
        }
    }
}
