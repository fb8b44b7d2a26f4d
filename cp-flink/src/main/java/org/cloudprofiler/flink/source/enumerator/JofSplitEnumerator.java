package org.cloudprofiler.flink.source.enumerator;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;

/**
 * Hands out the receiver splits round-robin by subtask: receiver {@code r} goes to subtask
 * {@code r mod parallelism}, when that reader registers, which then hears that no more splits
 * come, also a reader that got none (more readers than receivers), so that it can finish.
 * Receivers are fixed before the job starts: there is nothing to discover. Called on the
 * coordinator thread only.
 */
public final class JofSplitEnumerator
        implements SplitEnumerator<JofReceiverSplit, JofEnumeratorState> {

    private final SplitEnumeratorContext<JofReceiverSplit> context;
    private final List<JofReceiverSplit> unassigned;

    /** @param unassigned the splits to hand out: all of them, or those a checkpoint kept */
    public JofSplitEnumerator(SplitEnumeratorContext<JofReceiverSplit> context,
            List<JofReceiverSplit> unassigned) {
        this.context = context;
        this.unassigned = new ArrayList<>(unassigned);
    }

    @Override
    public void start() {
        // Splits go out as their readers register.
    }

    @Override
    public void handleSplitRequest(int subtask, String requesterHostname) {
        // A reader has its receivers from its registration on; it never asks for more.
    }

    /**
     * Takes back the splits of a failed reader; they go to its successor when it registers
     * (a reader that was told no more splits come gets none). What their receivers got and
     * the reader had not emitted is lost: a receiver cannot replay.
     */
    @Override
    public void addSplitsBack(List<JofReceiverSplit> splits, int subtask) {
        unassigned.addAll(splits);
    }

    @Override
    public void addReader(int subtask) {
        int parallelism = context.currentParallelism();
        List<JofReceiverSplit> mine = new ArrayList<>();
        for (Iterator<JofReceiverSplit> it = unassigned.iterator(); it.hasNext(); ) {
            JofReceiverSplit split = it.next();
            if (split.receiver() % parallelism == subtask) {
                mine.add(split);
                it.remove();
            }
        }
        if (!mine.isEmpty()) {
            context.assignSplits(new SplitsAssignment<>(Map.of(subtask, mine)));
        }
        context.signalNoMoreSplits(subtask);
    }

    @Override
    public JofEnumeratorState snapshotState(long checkpointId) {
        return new JofEnumeratorState(unassigned);
    }

    @Override
    public void close() {
        // Nothing is held open: the readers bind the receivers.
    }
}
