package org.cloudprofiler.analyzer.join;

import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.operators.InternalTimer;
import org.apache.flink.streaming.api.operators.InternalTimerService;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.OutputTag;
import org.cloudprofiler.analyzer.clock.ClockSpec;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.AnalysisElementTypeInfo;
import org.cloudprofiler.analyzer.input.RunStart;
import org.cloudprofiler.analyzer.samples.SampleExport;
import org.cloudprofiler.analyzer.stats.HopStatistics;

/**
 * Joins the combined id records of each tuple ({@link TupleCombiner}) by tuple id (the stream is
 * keyed by it) and turns each tuple into hop samples. A tuple's state lives from its first
 * record until either all the records a complete tuple has ({@link HopPlan#expectedEvents()})
 * have arrived, or the watermark passes its first record's event time plus the time-out,
 * whichever is first; then it is sampled and cleared (a timed-out tuple counted with why it
 * ended: {@link TupleEnding}; or, if it lacks a record where the channel kept no ids then, as
 * unsampled: {@link HopPlan#unsampled}), so memory holds only the tuples in flight, never the
 * whole run. A tuple awaits its records from where it starts ({@link HopPlan#startOf}): only
 * source records count as tuples, outputs minted by an operator are counted apart. When the logs
 * hold lineage records, every ended tuple also goes to {@link #LINEAGE_PARTS}, keyed by its root
 * there ({@link LineageJoinOperator}), for the end-to-end hops of the outputs that descend from
 * it. The statistics are emitted as deltas: every {@code refreshMillis} of processing time when
 * following, and at the end.
 */
public final class TupleJoinOperator extends HopSamplingOperator {

    private static final long serialVersionUID = 1L;

    /**
     * Ended tuples for {@link LineageJoinOperator}: outputs with a lineage record, and every
     * other tuple as a possible root; each with its first record's event time.
     */
    public static final OutputTag<AnalysisElement> LINEAGE_PARTS =
            new OutputTag<>("lineage-parts", AnalysisElementTypeInfo.INSTANCE);

    private transient ValueState<TupleEvents> tuples;
    private transient InternalTimerService<VoidNamespace> timeouts;

    /**
     * @param timeoutMillis how long, in event time, a tuple's records are awaited
     * @param refreshMillis how often to emit statistics while running; 0 for only at the end
     * @param export where to write every sample, or null
     * @param runStart the zero of the samples' times, or null if the logs show none
     * @param selection which samples to take, and the window of the latencies over time
     */
    public TupleJoinOperator(HopPlan plan, ClockSpec clocks, long timeoutMillis,
            long refreshMillis, SampleExport export, RunStart runStart,
            TimeSelection selection) {
        super(plan, clocks, timeoutMillis, refreshMillis, export, runStart, selection);
    }

    @Override
    int sampleFileIndex() {
        return getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
    }

    @Override
    public void open() throws Exception {
        super.open();
        tuples = getPartitionedState(new ValueStateDescriptor<>("tuple",
                TypeInformation.of(TupleEvents.class)));
        timeouts = getInternalTimerService("tuple-timeouts", VoidNamespaceSerializer.INSTANCE,
                this);
    }

    @Override
    public void processElement(StreamRecord<AnalysisElement> record) throws Exception {
        long tupleId = record.getValue().id();
        int start = plan.startOf(tupleId);
        TupleEvents part = record.getValue().events();
        TupleEvents tuple = tuples.value();
        if (tuple == null) {
            if (mayFinish(part, start)) {
                // Combined whole before the shuffle: no state, no time-out.
                finishTuple(tupleId, part, true, record.getTimestamp());
                return;
            }
            tuple = new TupleEvents();
            long firstMillis = record.getTimestamp();
            if (part.size == 0) {
                // A lineage record alone: its time is only how far its task's in files had
                // been read, possibly nothing yet; its output is awaited from now on.
                firstMillis = Math.max(firstMillis, timeouts.currentWatermark());
            }
            tuple.timeoutMillis = firstMillis + timeoutMillis;
            timeouts.registerEventTimeTimer(VoidNamespace.INSTANCE, tuple.timeoutMillis);
        }
        tuple.addAll(part);
        if (mayFinish(tuple, start)) {
            timeouts.deleteEventTimeTimer(VoidNamespace.INSTANCE, tuple.timeoutMillis);
            tuples.clear();
            finishTuple(tupleId, tuple, true, tuple.timeoutMillis - timeoutMillis);
        } else {
            // Written back after the change: a backend that serializes state (RocksDB, on a
            // cluster configured so) keeps nothing of a change made to the value it returned.
            tuples.update(tuple);
        }
    }

    /**
     * Whether {@code tuple} can end now: complete, and, if it is an output of a run whose logs
     * hold lineage records, with its lineage record. Whether an output has one its id does not
     * tell (window results have none), and the lineage file is read beside its task's {@code in}
     * file, possibly after the output's last record: so a complete output without one waits for
     * its time-out, and ends complete then.
     */
    private boolean mayFinish(TupleEvents tuple, int start) {
        return isComplete(tuple, start) && (start == HopPlan.SOURCE_RECORD
                || !plan.hasLineage() || tuple.rootId != TupleEvents.NO_ROOT);
    }

    private boolean isComplete(TupleEvents tuple, int start) {
        return plan.expectedEvents(start) > 0
                && plan.awaitedRecords(tuple, start) >= plan.expectedEvents(start);
    }

    @Override
    public void onEventTime(InternalTimer<Long, VoidNamespace> timer) throws Exception {
        TupleEvents tuple = tuples.value();
        if (tuple != null) {
            tuples.clear();
            finishTuple(timer.getKey(), tuple, isComplete(tuple, plan.startOf(timer.getKey())),
                    tuple.timeoutMillis - timeoutMillis);
        }
    }

    private void finishTuple(long tupleId, TupleEvents tuple, boolean complete,
            long firstMillis) {
        HopStatistics statistics = statistics();
        if (tuple.size == 0) {
            // A lineage record whose output left no record while it was awaited.
            statistics.countLineageWithoutOutput();
            return;
        }
        int start = plan.startOf(tupleId);
        sampler().sample(tupleId, tuple, start, statistics);
        if (start != HopPlan.SOURCE_RECORD || tuple.rootId != TupleEvents.NO_ROOT) {
            statistics.countOutput(complete, tuple.rootId != TupleEvents.NO_ROOT, tuple.size);
        } else if (complete) {
            statistics.countComplete(tuple.size);
        } else if (plan.unsampled(tuple, start, timeoutMillis * 1_000_000)) {
            statistics.countUnsampled(tuple.size);
        } else {
            statistics.countTimedOut(TupleEnding.of(plan, tuple, start), tuple.size);
        }
        if (plan.hasLineage()) {
            output.collect(LINEAGE_PARTS, new StreamRecord<>(
                    AnalysisElement.tuple(tupleId, tuple), firstMillis));
        }
    }
}
