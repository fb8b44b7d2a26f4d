package org.cloudprofiler.analyzer.source.reader;

import java.util.Set;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;

/** The result of one fetch: at most one chunk of one split, and whether that split is done. */
final class ChunkBatch implements RecordsWithSplitIds<FileChunk> {

    private String split;
    private FileChunk chunk;
    private final Set<String> finished;

    private ChunkBatch(String split, FileChunk chunk, boolean finished) {
        this.split = split;
        this.chunk = chunk;
        this.finished = finished ? Set.of(split) : Set.of();
    }

    /** Nothing this time (a followed file has not grown yet). */
    static ChunkBatch empty() {
        return new ChunkBatch(null, null, false);
    }

    static ChunkBatch of(String split, FileChunk chunk, boolean finished) {
        return new ChunkBatch(split, chunk, finished);
    }

    @Override
    public String nextSplit() {
        String next = split;
        split = null;
        return next;
    }

    @Override
    public FileChunk nextRecordFromSplit() {
        FileChunk next = chunk;
        chunk = null;
        return next;
    }

    @Override
    public Set<String> finishedSplits() {
        return finished;
    }
}
