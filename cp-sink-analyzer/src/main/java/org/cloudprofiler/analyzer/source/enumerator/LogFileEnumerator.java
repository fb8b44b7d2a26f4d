package org.cloudprofiler.analyzer.source.enumerator;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.cloudprofiler.analyzer.source.split.LogFileSplit;

/**
 * Hands every reader its files at once, balanced by size (largest first, to the reader with the
 * fewest bytes), so each reader can interleave its files by time and the watermark advances
 * evenly. A file that must be read beside another (a lineage file beside its task's {@code in}
 * file) goes to that one's reader. The set of files is the one scanned before the job started.
 */
public final class LogFileEnumerator implements SplitEnumerator<LogFileSplit, List<LogFileSplit>> {

    private final SplitEnumeratorContext<LogFileSplit> context;
    private final Map<Integer, List<LogFileSplit>> planned = new HashMap<>();
    private final List<LogFileSplit> pending;
    private final Map<String, Long> sizes;
    private final Map<String, String> readBeside;

    /**
     * @param pending the splits to assign
     * @param sizes bytes per split id, for balancing
     */
    public LogFileEnumerator(SplitEnumeratorContext<LogFileSplit> context,
            List<LogFileSplit> pending, Map<String, Long> sizes) {
        this(context, pending, sizes, Map.of());
    }

    /**
     * @param readBeside per split id, the split id whose reader must read it too
     */
    public LogFileEnumerator(SplitEnumeratorContext<LogFileSplit> context,
            List<LogFileSplit> pending, Map<String, Long> sizes, Map<String, String> readBeside) {
        this.context = context;
        this.pending = new ArrayList<>(pending);
        this.sizes = Map.copyOf(sizes);
        this.readBeside = Map.copyOf(readBeside);
    }

    @Override
    public void start() {
        plan();
    }

    private void plan() {
        int readers = context.currentParallelism();
        long[] load = new long[readers];
        pending.sort(Comparator.comparingLong(
                (LogFileSplit split) -> sizes.getOrDefault(split.splitId(), 0L)).reversed());
        Map<String, Integer> readerOf = new HashMap<>();
        List<LogFileSplit> beside = new ArrayList<>();
        for (LogFileSplit split : pending) {
            if (readBeside.containsKey(split.splitId())) {
                beside.add(split);
                continue;
            }
            int lightest = 0;
            for (int reader = 1; reader < readers; reader++) {
                if (load[reader] < load[lightest]) {
                    lightest = reader;
                }
            }
            load[lightest] += sizes.getOrDefault(split.splitId(), 0L);
            readerOf.put(split.splitId(), lightest);
            planned.computeIfAbsent(lightest, reader -> new ArrayList<>()).add(split);
        }
        for (LogFileSplit split : beside) {
            int reader = readerOf.getOrDefault(readBeside.get(split.splitId()), 0);
            load[reader] += sizes.getOrDefault(split.splitId(), 0L);
            planned.computeIfAbsent(reader, r -> new ArrayList<>()).add(split);
        }
        pending.clear();
    }

    @Override
    public void handleSplitRequest(int subtask, String requesterHostname) {
        // Readers get their files when they register; they never ask for more.
    }

    @Override
    public void addSplitsBack(List<LogFileSplit> splits, int subtask) {
        planned.computeIfAbsent(subtask, reader -> new ArrayList<>()).addAll(splits);
        if (context.registeredReaders().containsKey(subtask)) {
            addReader(subtask);
        }
    }

    @Override
    public void addReader(int subtask) {
        List<LogFileSplit> splits = planned.remove(subtask);
        if (splits != null && !splits.isEmpty()) {
            context.assignSplits(new SplitsAssignment<>(Map.of(subtask, splits)));
        }
        context.signalNoMoreSplits(subtask);
    }

    @Override
    public List<LogFileSplit> snapshotState(long checkpointId) {
        List<LogFileSplit> unassigned = new ArrayList<>(pending);
        planned.values().forEach(unassigned::addAll);
        return unassigned;
    }

    @Override
    public void close() {
        // Nothing is held open.
    }
}
