package org.cloudprofiler.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.RecordBlock;

/** Finds channel log files and reads all their records, for tests. */
public final class ChannelLogs {
    private ChannelLogs() {}

    /** The log file this process wrote for {@code channel}; fails unless there is one. */
    public static Path findOwn(String channel) {
        return find(Path.of(CloudProfiler.logDirectory()), channel,
                Path.of(channel).getFileName() + "." + ProcessHandle.current().pid() + ".");
    }

    /** The one log file of {@code channel} under {@code nodeDirectory}; fails if not one. */
    public static Path find(Path nodeDirectory, String channel) {
        return find(nodeDirectory, channel, Path.of(channel).getFileName() + ".");
    }

    private static Path find(Path nodeDirectory, String channel, String prefix) {
        Path parent = nodeDirectory.resolve(channel).getParent();
        try (Stream<Path> files = Files.list(parent)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .filter(p -> p.toString().endsWith(".cplog")).toList();
            if (found.size() != 1) {
                throw new AssertionError("expected one log of " + channel + ", found " + found);
            }
            return found.get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every record of the file as rows of column values, in file order. */
    public static List<long[]> rows(LogReader reader) throws IOException {
        List<long[]> rows = new ArrayList<>();
        for (RecordBlock block = reader.nextBlock(); block != null; block = reader.nextBlock()) {
            for (int record = 0; record < block.recordCount(); record++) {
                long[] row = new long[block.columnCount()];
                for (int column = 0; column < row.length; column++) {
                    row[column] = block.value(column, record);
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
