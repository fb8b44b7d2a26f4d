package org.cloudprofiler.flink.source.reader;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;
import org.cloudprofiler.generator.jof.EmptyQueueBackoff;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.jof.JofItem;
import org.cloudprofiler.generator.jof.QueuePoller;
import org.cloudprofiler.generator.jof.TupleAssembler;
import org.cloudprofiler.generator.jof.TupleBucket;

/**
 * Binds a JOF receiver for each split it is given and drains their queues. In a source that ends
 * with the run (bounded, or unbounded until the end of the run) a split finishes when its
 * receiver has every sender's end-of-run marker; its JOF is closed at the next fetch, once the
 * fetch with its last buckets is on its way to the task.
 * Called on the one fetcher thread, except {@link #wakeUp}; {@link #close} closes every JOF it
 * started, on every path (end, cancel, failure), so no receiver thread outlives it.
 */
final class JofSplitReader implements SplitReader<Object, JofReceiverSplit> {
    // A fetch takes at most this many buckets from one receiver, so that one busy receiver
    // does not hold back the others' buckets, nor the task thread, for long.
    private static final int MAX_BUCKETS_PER_RECEIVER = 16;
    // An empty fetch would wake the task thread for nothing: wait this long for a bucket first.
    private static final long MAX_WAIT_NANOS = 100_000_000;

    private final ReceiverStarter starter;
    private final Function<JofReceiverSplit, TupleAssembler> assemblers;
    private final boolean endsWithTheRun;
    private final JofReaderCounts counts;
    private final List<ReceiverInput> inputs = new ArrayList<>();
    /**
     * Receivers whose run ended in the last fetch, closed at the next one: closing waits for the
     * receiver thread's receive timeout (100 ms), which must not hold back the fetch that carries
     * the run's last buckets.
     */
    private final List<ReceiverInput> ended = new ArrayList<>();
    private volatile boolean wokenUp;
    private volatile Thread fetchingThread;

    /**
     * @param assemblers makes each split's receiver its assembler, on the fetcher thread
     * @param counts where every JOF started is registered, for the metrics and drops.json
     */
    JofSplitReader(ReceiverStarter starter,
            Function<JofReceiverSplit, TupleAssembler> assemblers, boolean endsWithTheRun,
            JofReaderCounts counts) {
        this.starter = starter;
        this.assemblers = assemblers;
        this.endsWithTheRun = endsWithTheRun;
        this.counts = counts;
    }

    @Override
    public RecordsWithSplitIds<Object> fetch() {
        closeEnded();
        fetchingThread = Thread.currentThread();
        try {
            long waitStart = System.nanoTime();
            for (int idlePolls = 1; ; idlePolls++) {
                ReceivedBuckets fetched = poll();
                if (!fetched.isEmpty() || inputs.isEmpty() || wokenUp
                        || System.nanoTime() - waitStart > MAX_WAIT_NANOS) {
                    wokenUp = false;
                    return fetched;
                }
                EmptyQueueBackoff.idle(idlePolls);
            }
        } finally {
            fetchingThread = null;
        }
    }

    private ReceivedBuckets poll() {
        ReceivedBuckets fetched = new ReceivedBuckets();
        for (Iterator<ReceiverInput> it = inputs.iterator(); it.hasNext(); ) {
            ReceiverInput input = it.next();
            for (int taken = 0; taken < MAX_BUCKETS_PER_RECEIVER; taken++) {
                JofItem item = input.poller().poll();
                if (item == null) {
                    break;
                }
                if (item instanceof TupleBucket bucket) {
                    fetched.add(input.split().splitId(), bucket);
                } else if (endsWithTheRun) {
                    // The receiver's end of the run: nothing of it follows.
                    fetched.finish(input.split().splitId());
                    ended.add(input);
                    it.remove();
                    break;
                }
            }
        }
        return fetched;
    }

    @Override
    public void handleSplitsChanges(SplitsChange<JofReceiverSplit> change) {
        if (!(change instanceof SplitsAddition)) {
            throw new UnsupportedOperationException("a JofSource reader keeps its receivers;"
                    + " it cannot take " + change);
        }
        for (JofReceiverSplit split : change.splits()) {
            JavaObjectFactory jof = starter.start(split, assemblers.apply(split));
            counts.add(jof);
            try {
                inputs.add(new ReceiverInput(split, jof, jof.poller()));
            } catch (RuntimeException e) {
                jof.close();
                throw e;
            }
        }
    }

    @Override
    public void wakeUp() {
        wokenUp = true;
        Thread fetching = fetchingThread;
        if (fetching != null) {
            LockSupport.unpark(fetching);
        }
    }

    @Override
    public void close() {
        closeEnded();
        inputs.forEach(ReceiverInput::close);
        inputs.clear();
    }

    private void closeEnded() {
        ended.forEach(ReceiverInput::close);
        ended.clear();
    }

    /** A split's receiver: its JOF and the poller over its queue. */
    private record ReceiverInput(JofReceiverSplit split, JavaObjectFactory jof,
            QueuePoller poller) {

        void close() {
            poller.close();
            jof.close();
        }
    }
}
