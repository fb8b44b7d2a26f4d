package org.cloudprofiler.analyzer.source.reader;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.source.split.LogFileSplit;

/**
 * Reads the files of one source reader a block at a time, always from the file whose last
 * record is oldest (by the wall-clock pairs of the headers), so that every file's watermark advances together
 * and tuples whose events sit in different files meet soon after each other. Followed files that
 * have no more blocks yet are polled again every {@link #POLL_NANOS}. Runs in the fetcher thread.
 */
final class LogFileSplitReader implements SplitReader<FileChunk, LogFileSplit> {

    /** How often a followed file that had nothing new is looked at again. */
    static final long POLL_NANOS = 200_000_000L;

    private final List<ChannelInfo> channels;
    private final boolean follow;
    private final List<FollowedFile> reading = new ArrayList<>();
    private final Map<FollowedFile, Long> waitingUntil = new HashMap<>();
    private volatile boolean wokenUp;

    LogFileSplitReader(List<ChannelInfo> channels, boolean follow) {
        this.channels = channels;
        this.follow = follow;
    }

    @Override
    public RecordsWithSplitIds<FileChunk> fetch() {
        wokenUp = false;
        while (!wokenUp) {
            FollowedFile file = oldestReady();
            if (file == null) {
                if (reading.isEmpty()) {
                    return ChunkBatch.empty();
                }
                try {
                    Thread.sleep(POLL_NANOS / 1_000_000 / 4);
                } catch (InterruptedException e) {
                    // The fetcher is shutting down: hand back nothing and let it.
                    Thread.currentThread().interrupt();
                    return ChunkBatch.empty();
                }
                continue;
            }
            FileChunk chunk = file.next();
            if (chunk != null) {
                return ChunkBatch.of(file.splitId(), chunk, false);
            }
            if (file.finished()) {
                reading.remove(file);
                waitingUntil.remove(file);
                return ChunkBatch.of(file.splitId(), file.report(), true);
            }
            waitingUntil.put(file, System.nanoTime() + POLL_NANOS);
        }
        return ChunkBatch.empty();
    }

    /** The file furthest behind that may be read now, or null if all are waiting to grow. */
    private FollowedFile oldestReady() {
        long now = System.nanoTime();
        FollowedFile oldest = null;
        for (FollowedFile file : reading) {
            Long until = waitingUntil.get(file);
            if (until != null && now - until < 0) {
                continue;
            }
            if (oldest == null || file.lastEventMillis() < oldest.lastEventMillis()) {
                oldest = file;
            }
        }
        return oldest;
    }

    @Override
    public void handleSplitsChanges(SplitsChange<LogFileSplit> change) {
        if (!(change instanceof SplitsAddition)) {
            throw new UnsupportedOperationException("unsupported split change " + change);
        }
        for (LogFileSplit split : change.splits()) {
            reading.add(new FollowedFile(split, channels.get(split.channel()), follow));
        }
    }

    @Override
    public void wakeUp() {
        wokenUp = true;
    }

    @Override
    public void close() {
        reading.forEach(FollowedFile::close);
        reading.clear();
    }
}
