package org.cloudprofiler.analyzer.source.reader;

import org.cloudprofiler.analyzer.input.FileReport;
import org.cloudprofiler.log.RecordBlock;

/**
 * What the split reader hands the emitter in one go: a decoded block of one file (with the
 * offsets its columns sit at), or the file's final report. Immutable once made.
 *
 * @param channel the file's index in the log set
 * @param block the block, owned by this chunk, or null for a report
 * @param columns indices of the {@code id}, {@code tsc}, {@code count} and {@code cpu_ns}
 *     columns in the block (-1 where absent)
 * @param endOffset the file offset just past the block: where a resumed read starts
 * @param bytesRead file bytes read since the previous chunk of the file, for progress
 * @param report the file's report, or null for a block
 * @param lineageEventMillis for a block of a lineage channel, whose records hold no time, the
 *     event time they take: how far its task's {@code in} files had been read
 *     ({@link LogFileSplitReader}); unused for other channels
 */
record FileChunk(int channel, RecordBlock block, ColumnIndices columns, long endOffset,
        long bytesRead, FileReport report, long lineageEventMillis) {

    /** Where the columns the analysis reads sit in a block. */
    record ColumnIndices(int id, int tsc, int count, int cpuNs) {}
}
