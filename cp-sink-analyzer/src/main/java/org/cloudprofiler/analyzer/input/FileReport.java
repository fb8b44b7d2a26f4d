package org.cloudprofiler.analyzer.input;

import java.io.Serializable;
import java.util.List;

/**
 * What reading one channel log found: how much it held, what its trailer says, and what was
 * damaged and skipped. Immutable.
 *
 * @param channel the channel's index in the log set
 * @param recordsRead records in the intact blocks
 * @param blocksRead intact blocks
 * @param closedCleanly whether the file ends with its trailer
 * @param recordsDropped the trailer's dropped records (-1 without a trailer)
 * @param callsRejected the trailer's rejected calls (-1 without a trailer)
 * @param callsAccepted the trailer's accepted calls (-1 without a trailer)
 * @param bytesSkipped bytes the reader skipped over damage or a cut-short tail
 * @param blocksSkipped damaged blocks skipped
 * @param problemCount problems found, a missing trailer included
 * @param problems the first of them, as sentences
 * @param ioError why the file could not be read to its end, or null
 */
public record FileReport(int channel, long recordsRead, long blocksRead, boolean closedCleanly,
        long recordsDropped, long callsRejected, long callsAccepted, long bytesSkipped,
        long blocksSkipped, long problemCount, List<String> problems, String ioError)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    /** How many problem sentences a report keeps. */
    public static final int KEPT_PROBLEMS = 5;

    public FileReport {
        problems = List.copyOf(problems);
    }
}
