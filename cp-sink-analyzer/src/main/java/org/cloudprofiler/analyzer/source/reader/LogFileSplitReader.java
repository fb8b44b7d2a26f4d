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
import org.cloudprofiler.channel.ProbePoint;

/**
 * Reads the files of one source reader a block at a time, always from the file whose last
 * record is oldest (by the wall-clock pairs of the headers), so that every file's watermark
 * advances together and tuples whose events sit in different files meet soon after each other.
 * A lineage file holds no time: it is read alongside its task's {@code in} files instead, never
 * more records of it than of them (each lineage record has an {@code in} record of its own, so
 * it is read no later than that one), and its records take their time. Followed files that
 * have no more blocks yet are polled again every {@link #POLL_NANOS}. Runs in the fetcher thread.
 */
final class LogFileSplitReader implements SplitReader<FileChunk, LogFileSplit> {

    /** How often a followed file that had nothing new is looked at again. */
    static final long POLL_NANOS = 200_000_000L;

    private final List<ChannelInfo> channels;
    private final boolean follow;
    private final List<FollowedFile> reading = new ArrayList<>();
    private final Map<FollowedFile, Long> waitingUntil = new HashMap<>();
    /** Per lineage file, the {@code in} files of its task that this reader reads. */
    private final Map<FollowedFile, List<FollowedFile>> inFilesOfTask = new HashMap<>();
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
                inFilesOfTask.remove(file);
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
            if (isLineage(file) && !lineageReady(file)) {
                continue;
            }
            if (oldest == null || orderOf(file) < orderOf(oldest)) {
                oldest = file;
            }
        }
        if (oldest != null && isLineage(oldest)) {
            oldest.lineageEventMillis(lineageEventMillis(oldest));
        }
        return oldest;
    }

    private static boolean isLineage(FollowedFile file) {
        return file.channel().is(ProbePoint.LINEAGE);
    }

    /** When a file is due: a lineage file when its task's {@code in} files are. */
    private long orderOf(FollowedFile file) {
        if (!isLineage(file) || activeInFiles(file).isEmpty()) {
            return file.lastEventMillis();
        }
        return lineageEventMillis(file);
    }

    /** Whether a lineage file may be read: it is not ahead of its task's {@code in} files. */
    private boolean lineageReady(FollowedFile lineage) {
        if (activeInFiles(lineage).isEmpty()) {
            return true;
        }
        long inRecords = 0;
        for (FollowedFile in : inFilesOfTask.get(lineage)) {
            inRecords += in.recordsRead();
        }
        return lineage.recordsRead() < inRecords;
    }

    /**
     * The time a lineage file's records take: as far as its task's {@code in} files were read,
     * or, without them, as far as this reader got; never beyond what was read, so they never
     * move the watermark.
     */
    private long lineageEventMillis(FollowedFile lineage) {
        List<FollowedFile> ins = inFilesOfTask.getOrDefault(lineage, List.of());
        long millis = Long.MIN_VALUE;
        for (FollowedFile file : ins.isEmpty() ? reading : ins) {
            millis = Math.max(millis, file.lastEventMillis());
        }
        return millis;
    }

    private List<FollowedFile> activeInFiles(FollowedFile lineage) {
        return inFilesOfTask.getOrDefault(lineage, List.of()).stream()
                .filter(reading::contains).toList();
    }

    @Override
    public void handleSplitsChanges(SplitsChange<LogFileSplit> change) {
        if (!(change instanceof SplitsAddition)) {
            throw new UnsupportedOperationException("unsupported split change " + change);
        }
        for (LogFileSplit split : change.splits()) {
            reading.add(new FollowedFile(split, channels.get(split.channel()), follow));
        }
        for (FollowedFile lineage : reading) {
            if (isLineage(lineage)) {
                inFilesOfTask.put(lineage, reading.stream()
                        .filter(in -> in.channel().is(ProbePoint.IN)
                                && sameTask(in.channel(), lineage.channel()))
                        .toList());
            }
        }
    }

    private static boolean sameTask(ChannelInfo a, ChannelInfo b) {
        return a.node().equals(b.node()) && a.component().equals(b.component())
                && a.task() == b.task();
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
