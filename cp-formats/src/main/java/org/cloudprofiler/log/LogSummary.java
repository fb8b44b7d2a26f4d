package org.cloudprofiler.log;

import java.util.List;

/**
 * What one pass over a log file found: its header, how many blocks and records it holds, the
 * first and last record, its trailer and its problems. Holds no records beyond those two.
 *
 * @param source the file's path (or a description of an in-memory input)
 * @param fileSizeBytes size of the file when it was opened
 * @param header the header, or {@code null} if it could not be read (see {@code problems})
 * @param blockCount blocks read intact
 * @param recordCount records in those blocks
 * @param firstRecord values of the first record read, in column order; empty if none
 * @param lastRecord values of the last record read, in column order; empty if none
 * @param trailer the trailer, or {@code null} if the file was not closed cleanly
 * @param problems the problems found, in file order; at most the first 1,000
 * @param problemCount all problems found, including those not kept in {@code problems}
 */
public record LogSummary(
        String source,
        long fileSizeBytes,
        LogHeader header,
        long blockCount,
        long recordCount,
        List<Long> firstRecord,
        List<Long> lastRecord,
        LogTrailer trailer,
        List<LogProblem> problems,
        long problemCount) {

    public LogSummary {
        firstRecord = List.copyOf(firstRecord);
        lastRecord = List.copyOf(lastRecord);
        problems = List.copyOf(problems);
    }

    /** Whether the file ends with a valid trailer, i.e. its channel was closed. */
    public boolean closedCleanly() {
        return trailer != null;
    }

    /** Whether anything is wrong with the file, a missing trailer included. */
    public boolean hasProblems() {
        return problemCount > 0;
    }

    /** File size over records read: the storage cost per record; NaN without records. */
    public double bytesPerRecord() {
        return recordCount == 0 ? Double.NaN : (double) fileSizeBytes / recordCount;
    }
}
