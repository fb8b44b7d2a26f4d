package org.cloudprofiler.analyzer.source.reader;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.AnalysisElement.Kind;
import org.cloudprofiler.analyzer.element.Payloads;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.GeneratorSends;
import org.cloudprofiler.analyzer.source.split.LogFileSplitState;
import org.cloudprofiler.log.RecordBlock;

import org.cloudprofiler.tupleid.RootSampling;
/**
 * Turns a chunk into elements: one per record of a block, with the record's wall-clock time as
 * its event time, then a progress element; or the file's report. A generator's send channel
 * ({@link GeneratorSends}) gives one element per tuple of each bucket, once both of the
 * bucket's records have been read: the first may end one block and the last begin the next.
 */
final class LogRecordEmitter implements RecordEmitter<FileChunk, AnalysisElement, LogFileSplitState> {

    private final List<ChannelInfo> channels;
    private final int generatorSenders;
    private final RootSampling sampling;
    // Per send channel: the first record of a bucket whose last is still to come, or absent.
    private final Map<Integer, long[]> openBuckets = new HashMap<>();

    LogRecordEmitter(List<ChannelInfo> channels, RootSampling sampling) {
        this.channels = channels;
        this.sampling = sampling;
        this.generatorSenders = GeneratorSends.senderCount(channels);
    }

    @Override
    public void emitRecord(FileChunk chunk, SourceOutput<AnalysisElement> output,
            LogFileSplitState state) {
        if (chunk.report() != null) {
            output.collect(AnalysisElement.payload(Kind.FILE_REPORT, chunk.channel(),
                    Payloads.encode(chunk.report())));
            return;
        }
        ChannelInfo channel = channels.get(chunk.channel());
        Kind kind = channel.elementKind();
        RecordBlock block = chunk.block();
        int records = block.recordCount();
        FileChunk.ColumnIndices columns = chunk.columns();
        if (kind != null && columns.tsc() >= 0) {
            long[] tsc = block.column(columns.tsc());
            int index = chunk.channel();
            switch (kind) {
                case ID, FIRST_LAST -> {
                    if (GeneratorSends.isSendChannel(channel)) {
                        if (columns.id() >= 0 && generatorSenders > 0) {
                            emitSends(channel, block.column(columns.id()), tsc, records, output);
                        }
                        break;
                    }
                    if (columns.id() >= 0) {
                        long[] id = block.column(columns.id());
                        for (int i = 0; i < records; i++) {
                            output.collect(kind == Kind.ID
                                    ? AnalysisElement.idRecord(index, id[i], tsc[i])
                                    : AnalysisElement.firstLast(index, id[i], tsc[i]),
                                    channel.eventTimeMillis(tsc[i]));
                        }
                    }
                }
                case LINEAGE -> {
                    // (child id, root id): the second column is an id, and the records take
                    // the time of their task's in files as far as they had been read.
                    if (columns.id() >= 0) {
                        long[] child = block.column(columns.id());
                        for (int i = 0; i < records; i++) {
                            output.collect(AnalysisElement.lineage(index, child[i], tsc[i]),
                                    chunk.lineageEventMillis());
                        }
                    }
                }
                case COUNT, CPU -> {
                    if (columns.count() >= 0) {
                        long[] count = block.column(columns.count());
                        long[] cpuNs = columns.cpuNs() >= 0 ? block.column(columns.cpuNs()) : null;
                        for (int i = 0; i < records; i++) {
                            output.collect(cpuNs == null
                                    ? AnalysisElement.count(index, tsc[i], count[i])
                                    : AnalysisElement.cpu(index, tsc[i], count[i], cpuNs[i]),
                                    channel.eventTimeMillis(tsc[i]));
                        }
                    }
                }
                default -> throw new IllegalStateException("not a record kind: " + kind);
            }
        }
        output.collect(AnalysisElement.progress(chunk.channel(), chunk.bytesRead(), records));
        state.advanceTo(chunk.endOffset());
    }

    /**
     * Pairs a send channel's records into buckets and emits an id record per tuple. Both records
     * of a bucket carry its send's TSC and those of two buckets differ, so a record whose TSC
     * differs from the open bucket's (one lost with a damaged block) begins a bucket of its own.
     */
    private void emitSends(ChannelInfo channel, long[] id, long[] tsc, int records,
            SourceOutput<AnalysisElement> output) {
        int index = channel.index();
        for (int i = 0; i < records; i++) {
            long[] first = openBuckets.remove(index);
            if (first == null || first[1] != tsc[i]
                    || !GeneratorSends.forEachTuple(first[0], id[i], generatorSenders,
                            tuple -> emitSend(index, tuple, first[1], channel, output))) {
                openBuckets.put(index, new long[] {id[i], tsc[i]});
            }
        }
    }

    /** One tuple of a bucket, if the run's sampling kept it: the tasks logged no other. */
    private void emitSend(int index, long tuple, long tsc, ChannelInfo channel,
            SourceOutput<AnalysisElement> output) {
        if (sampling.keeps(tuple)) {
            output.collect(AnalysisElement.idRecord(index, tuple, tsc),
                    channel.eventTimeMillis(tsc));
        }
    }
}
