package org.cloudprofiler.analyzer.source.reader;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.FileReport;
import org.cloudprofiler.analyzer.input.LogStorage;
import org.cloudprofiler.analyzer.source.reader.FileChunk.ColumnIndices;
import org.cloudprofiler.analyzer.source.split.LogFileSplit;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.log.LogColumn;
import org.cloudprofiler.log.LogHeader;
import org.cloudprofiler.log.LogProblem;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogTrailer;
import org.cloudprofiler.log.RecordBlock;

/**
 * One file a split reader is reading: the open {@link LogReader}, where it got to, and the
 * report it is building. When following, a file that ends without its trailer is reopened later
 * from the end of its last intact block, so records appended meanwhile are read. Not
 * thread-safe.
 */
final class FollowedFile {

    private final LogFileSplit split;
    private final ChannelInfo channel;
    private final boolean follow;
    private LogReader reader;
    private ColumnIndices columns;
    private long offset;
    private long reportedOffset;
    private long lastEventMillis = Long.MIN_VALUE;
    private long lineageEventMillis = Long.MIN_VALUE;
    private long recordsRead;
    private long blocksRead;
    private long bytesSkipped;
    private long blocksSkipped;
    private long problemCount;
    private final List<String> problems = new ArrayList<>();
    private LogTrailer trailer;
    private String ioError;

    FollowedFile(LogFileSplit split, ChannelInfo channel, boolean follow) {
        this.split = split;
        this.channel = channel;
        this.follow = follow;
        this.offset = split.resumeOffset();
        this.reportedOffset = split.resumeOffset();
    }

    String splitId() {
        return split.splitId();
    }

    /**
     * The wall-clock time of the last record read, to read the file furthest behind first;
     * {@code Long.MIN_VALUE} for a lineage channel, whose records hold no time.
     */
    long lastEventMillis() {
        return lastEventMillis;
    }

    /** Records read so far. */
    long recordsRead() {
        return recordsRead;
    }

    /** The channel this file is of. */
    ChannelInfo channel() {
        return channel;
    }

    /** The event time the records of this (lineage) file's next block take. */
    void lineageEventMillis(long millis) {
        lineageEventMillis = millis;
    }

    /**
     * The next block as a chunk; null when the file has nothing more for now (see
     * {@link #finished()}).
     */
    FileChunk next() {
        try {
            if (reader == null) {
                reader = LogStorage.of(split.path()).openLog(split.path(), offset);
                LogHeader header = reader.header();
                if (header == null) {
                    ioError = "its header can no longer be read";
                    closeReader();
                    return null;
                }
                columns = new ColumnIndices(header.columnIndex(LogColumn.ID),
                        header.columnIndex(LogColumn.TSC), header.columnIndex(LogColumn.COUNT),
                        header.columnIndex(LogColumn.CPU_NS));
            }
            RecordBlock block = reader.nextBlock();
            if (block == null) {
                trailer = reader.trailer();
                closeReader();
                return null;
            }
            offset = reader.intactEnd();
            recordsRead += block.recordCount();
            blocksRead++;
            if (columns.tsc() >= 0 && !channel.is(ProbePoint.LINEAGE)) {
                // A lineage record's second column is a root id, not a clock reading.
                lastEventMillis = channel.eventTimeMillis(
                        block.value(columns.tsc(), block.recordCount() - 1));
            }
            long bytes = offset - reportedOffset;
            reportedOffset = offset;
            return new FileChunk(split.channel(), block.copy(), columns, offset, bytes, null,
                    lineageEventMillis);
        } catch (IOException | RuntimeException e) {
            ioError = e.getMessage() == null ? e.toString() : e.getMessage();
            closeReader();
            return null;
        }
    }

    /**
     * Whether the file is done: it has its trailer, could not be read, or is not followed. A
     * followed file without a trailer is still being written.
     */
    boolean finished() {
        return !follow || trailer != null || ioError != null;
    }

    /** The file's report, once it is {@link #finished()}. */
    FileChunk report() {
        return new FileChunk(split.channel(), null, columns, offset, 0, new FileReport(
                split.channel(), recordsRead, blocksRead, trailer != null,
                trailer == null ? -1 : trailer.recordsDropped(),
                trailer == null ? -1 : trailer.callsRejected(),
                trailer == null ? -1 : trailer.callsAccepted(), bytesSkipped, blocksSkipped,
                problemCount, problems, ioError), Long.MIN_VALUE);
    }

    private void closeReader() {
        if (reader == null) {
            return;
        }
        for (LogProblem problem : reader.problems()) {
            boolean stillGrowing = follow && trailer == null && ioError == null
                    && (problem.kind() == LogProblem.Kind.MISSING_TRAILER
                            || problem.kind() == LogProblem.Kind.TRUNCATED_TAIL);
            if (!stillGrowing) {
                account(problem);
            }
        }
        problemCount += reader.problemCount() - reader.problems().size();
        try {
            reader.close();
        } catch (IOException e) {
            // Closing a file opened for reading loses nothing.
        }
        reader = null;
    }

    private void account(LogProblem problem) {
        problemCount++;
        if (problems.size() < FileReport.KEPT_PROBLEMS) {
            problems.add(problem.toString());
        }
        switch (problem.kind()) {
            case SKIPPED_BYTES, TRUNCATED_TAIL -> bytesSkipped += problem.length();
            case BAD_BLOCK_HEADER, BAD_BLOCK_CRC, BAD_PAYLOAD, BAD_COMPRESSION,
                    UNSUPPORTED_CODEC -> blocksSkipped++;
            default -> { }
        }
    }

    void close() {
        closeReader();
    }
}
