package org.cloudprofiler.analyzer.source.split;

import org.apache.flink.api.connector.source.SourceSplit;

/**
 * One channel log file to read, from {@code resumeOffset} on: logs are read one file per split,
 * since every file (and every block in it) stands alone. Immutable.
 *
 * @param channel the file's index in the log set
 * @param path the file
 * @param resumeOffset where reading goes on: 0 for a fresh split, else the end of the last
 *     intact block read
 */
public record LogFileSplit(int channel, String path, long resumeOffset) implements SourceSplit {

    @Override
    public String splitId() {
        return Integer.toString(channel);
    }
}
