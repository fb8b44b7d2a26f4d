package org.cloudprofiler.analyzer.source.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.LogSet;
import org.cloudprofiler.analyzer.input.LogSetScanner;
import org.cloudprofiler.analyzer.source.split.LogFileSplit;
import org.cloudprofiler.log.LogFileBuilder;
import org.cloudprofiler.log.LogTrailer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lineage file, whose second column is a root id and no time, is read beside its task's
 * {@code in} file: never more of its records than of that file's, its records taking that file's
 * time, while the files that hold times are still read oldest first.
 */
class LogFileSplitReaderTest {

    private static final int RECORDS = 300;
    private static final int BLOCK = 10;
    private static final long REALTIME_ZERO = 1_763_750_000_000_000_000L;

    @TempDir
    Path directory;

    @Test
    void aLineageFileNeverGetsAheadOfItsTasksInFileNorMovesTheTime() throws Exception {
        // Root ids far above any clock reading: read as times, they would be years ahead.
        write("split/0/in", 0, 1_000, RECORDS);
        write("split/0/lineage", Long.MAX_VALUE / 2, 1, RECORDS * 2 / 3);
        write("other/0/in", 500, 1_000, RECORDS);
        LogSet logSet = LogSetScanner.scan(List.of(directory.toString()));
        List<ChannelInfo> channels = logSet.channels();
        LogFileSplitReader reader = new LogFileSplitReader(channels, false);
        // The lineage file first: where times tie, the reader would take it first.
        List<LogFileSplit> splits = new ArrayList<>(channels.stream()
                .map(channel -> new LogFileSplit(channel.index(), channel.path(), 0)).toList());
        Collections.reverse(splits);
        reader.handleSplitsChanges(new SplitsAddition<>(splits));

        Map<String, Long> read = new HashMap<>();
        long latestMillis = Long.MIN_VALUE;
        int lineageChunks = 0;
        for (RecordsWithSplitIds<FileChunk> batch = reader.fetch(); batch.nextSplit() != null;
                batch = reader.fetch()) {
            FileChunk chunk = batch.nextRecordFromSplit();
            if (chunk == null || chunk.block() == null) {
                continue;
            }
            ChannelInfo channel = channels.get(chunk.channel());
            if (channel.channel().equals("split/0/lineage")) {
                lineageChunks++;
                assertTrue(read.getOrDefault("split/0/lineage", 0L)
                        < read.getOrDefault("split/0/in", 0L), read.toString());
                assertTrue(chunk.lineageEventMillis() <= latestMillis);
            } else {
                long last = chunk.block().value(chunk.columns().tsc(),
                        chunk.block().recordCount() - 1);
                latestMillis = Math.max(latestMillis, channel.eventTimeMillis(last));
            }
            read.merge(channel.channel(), (long) chunk.block().recordCount(), Long::sum);
        }
        reader.close();

        assertEquals(Map.of("split/0/in", (long) RECORDS, "split/0/lineage",
                (long) RECORDS * 2 / 3, "other/0/in", (long) RECORDS), read);
        assertEquals(RECORDS * 2 / 3 / BLOCK, lineageChunks);
    }

    /** Records {@code (i + 1, first + i * step)} in blocks of {@link #BLOCK}. */
    private void write(String name, long first, long step, int records) throws Exception {
        LogFileBuilder builder = new LogFileBuilder().node("node-a").channel(name).handlerId(2)
                .tscHz(1_000_000_000L).openClocks(0, 0, REALTIME_ZERO);
        for (int from = 0; from < records; from += BLOCK) {
            long[] ids = new long[BLOCK];
            long[] second = new long[BLOCK];
            for (int i = 0; i < BLOCK; i++) {
                ids[i] = from + i + 1;
                second[i] = first + (from + i) * step;
            }
            builder.block(ids, second);
        }
        byte[] file = builder.trailer(new LogTrailer(records, records / BLOCK, records, 0, 0, 0,
                0, 0, 0, 0, 0, 1, LogTrailer.CLOSED_BY_CALL)).build();
        Path path = directory.resolve("node-a").resolve(name + ".1.1.cplog");
        Files.createDirectories(path.getParent());
        Files.write(path, file);
    }
}
