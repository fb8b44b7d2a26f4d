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
 * Combines the id records of one tuple that one source subtask reads (its files interleave by
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

    /** A tuple being combined, the event time of its first record, its awaited records. */
    private static final class Waiting {
        final TupleEvents events = new TupleEvents();
        final long firstMillis;
        int awaitedRecords;

        Waiting(long firstMillis) {
            this.firstMillis = firstMillis;
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
            tuple = new Waiting(record.getTimestamp());
            waiting.put(element.id(), tuple);
        }
        tuple.events.add(element.channel(), element.tsc());
        tuple.awaitedRecords += plan.awaited(element.channel()) ? 1 : 0;
        if (plan.expectedEvents() > 0 && tuple.awaitedRecords >= plan.expectedEvents()) {
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
