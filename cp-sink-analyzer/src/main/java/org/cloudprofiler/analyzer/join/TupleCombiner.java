package org.cloudprofiler.analyzer.join;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.cloudprofiler.analyzer.element.AnalysisElement;

/**
 * Combines the id records (and the lineage record) of one tuple that one source subtask reads (its files interleave by
 * time, so they come close together) into one element before the shuffle: a tuple complete
 * here skips the keyed state altogether, and the rest cross the network once per subtask
 * rather than once per record. Memory is bounded: at most {@link #CAPACITY} tuples wait, the
 * oldest leaving first when it is full, and every tuple older than the watermark by the
 * {@code slackMillis} is sent on before the watermark is (well within the join's time-out, so
 * the join still awaits its other records). Runs in the source's task, not thread-safe.
 */
public final class TupleCombiner extends AbstractStreamOperator<AnalysisElement>
        implements OneInputStreamOperator<AnalysisElement, AnalysisElement>, BoundedOneInput {

    private static final long serialVersionUID = 1L;
    /** Tuples that may wait at most. */
    static final int CAPACITY = 1 << 16;

    private final HopPlan plan;
    private final long slackMillis;
    private transient LinkedHashMap<Long, Waiting> waiting;

    /**
     * A tuple being combined, the event time of its first record, where it starts
     * ({@link HopPlan#startOf}), its awaited records.
     */
    private static final class Waiting {
        final TupleEvents events = new TupleEvents();
        final long firstMillis;
        final int start;
        int awaitedRecords;

        Waiting(long firstMillis, int start) {
            this.firstMillis = firstMillis;
            this.start = start;
        }
    }

    /**
     * @param plan what makes a tuple complete ({@link HopPlan#expectedEvents()})
     * @param slackMillis how far behind the watermark a tuple may still wait
     */
    public TupleCombiner(HopPlan plan, long slackMillis) {
        this.plan = plan;
        this.slackMillis = slackMillis;
    }

    @Override
    public void open() throws Exception {
        super.open();
        waiting = new LinkedHashMap<>(CAPACITY * 2);
    }

    @Override
    public void processElement(StreamRecord<AnalysisElement> record) {
        AnalysisElement element = record.getValue();
        Waiting tuple = waiting.get(element.id());
        if (tuple == null) {
            if (waiting.size() >= CAPACITY) {
                Iterator<Map.Entry<Long, Waiting>> oldest = waiting.entrySet().iterator();
                Map.Entry<Long, Waiting> entry = oldest.next();
                oldest.remove();
                emit(entry.getKey(), entry.getValue());
            }
            tuple = new Waiting(record.getTimestamp(), plan.startOf(element.id()));
            waiting.put(element.id(), tuple);
        }
        if (element.kind() == AnalysisElement.Kind.LINEAGE) {
            // Not awaited: whether an output has a lineage record its id does not tell.
            tuple.events.rootId = element.rootId();
            return;
        }
        tuple.events.add(element.channel(), element.tsc());
        tuple.awaitedRecords += plan.awaited(element.channel(), tuple.start) ? 1 : 0;
        int expected = plan.expectedEvents(tuple.start);
        if (expected > 0 && tuple.awaitedRecords >= expected) {
            waiting.remove(element.id());
            emit(element.id(), tuple);
        }
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        Iterator<Map.Entry<Long, Waiting>> entries = waiting.entrySet().iterator();
        while (entries.hasNext()) {
            Map.Entry<Long, Waiting> entry = entries.next();
            if (entry.getValue().firstMillis > mark.getTimestamp() - slackMillis) {
                break;
            }
            entries.remove();
            emit(entry.getKey(), entry.getValue());
        }
        super.processWatermark(mark);
    }

    @Override
    public void endInput() {
        waiting.forEach(this::emit);
        waiting.clear();
    }

    private void emit(long tupleId, Waiting tuple) {
        output.collect(new StreamRecord<>(AnalysisElement.tuple(tupleId, tuple.events),
                tuple.firstMillis));
    }
}
