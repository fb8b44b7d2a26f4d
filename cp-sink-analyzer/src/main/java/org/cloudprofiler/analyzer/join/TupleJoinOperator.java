package org.cloudprofiler.analyzer.join;

import java.io.IOException;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.InternalTimer;
import org.apache.flink.streaming.api.operators.InternalTimerService;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.operators.Triggerable;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.OutputTag;
import org.cloudprofiler.analyzer.clock.ClockSpec;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.AnalysisElementTypeInfo;
import org.cloudprofiler.analyzer.element.Payloads;
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
public final class TupleJoinOperator extends AbstractStreamOperator<AnalysisElement>
        implements OneInputStreamOperator<AnalysisElement, AnalysisElement>,
        Triggerable<Long, VoidNamespace> {

    private static final long serialVersionUID = 1L;

    /**
     * Ended tuples for {@link LineageJoinOperator}: outputs with a lineage record, and every
     * other tuple as a possible root; each with its first record's event time.
     */
    public static final OutputTag<AnalysisElement> LINEAGE_PARTS =
            new OutputTag<>("lineage-parts", AnalysisElementTypeInfo.INSTANCE);

    private final HopPlan plan;
    private final ClockSpec clocks;
    private final long timeoutMillis;
    private final long refreshMillis;
    /** Where each subtask writes its samples, or null. */
    private final SampleExport export;
    private final RunStart runStart;
    private final TimeSelection selection;

    private transient ValueState<TupleEvents> tuples;
    private transient InternalTimerService<VoidNamespace> timeouts;
    private transient HopSampler sampler;
    private transient HopStatistics statistics;
    private transient SubtaskSampleFile samples;

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
        this.plan = plan;
        this.runStart = runStart;
        this.selection = selection;
        this.clocks = clocks;
        this.timeoutMillis = timeoutMillis;
        this.refreshMillis = refreshMillis;
        this.export = export;
    }

    @Override
    public void open() throws Exception {
        super.open();
        tuples = getPartitionedState(new ValueStateDescriptor<>("tuple",
                TypeInformation.of(TupleEvents.class)));
        timeouts = getInternalTimerService("tuple-timeouts", VoidNamespaceSerializer.INSTANCE,
                this);
        sampler = new HopSampler(plan, clocks.create(), runStart, selection);
        if (export != null) {
            samples = SubtaskSampleFile.open(export,
                    getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(), plan, selection);
            sampler.exportTo(samples.writer());
        }
        statistics = new HopStatistics(plan.hops().size(), selection.windowNs());
        if (refreshMillis > 0) {
            scheduleRefresh();
        }
    }

    private void scheduleRefresh() {
        long now = getProcessingTimeService().getCurrentProcessingTime();
        getProcessingTimeService().registerTimer(now + refreshMillis, time -> {
            // Even empty: the client refreshes its outputs when something arrives.
            emitStatistics(true);
            scheduleRefresh();
        });
    }

    @Override
    public void processElement(StreamRecord<AnalysisElement> record) throws Exception {
        long tupleId = record.getValue().id();
        int start = plan.startOf(tupleId);
        TupleEvents part = record.getValue().events();
        TupleEvents tuple = tuples.value();
        if (tuple == null) {
            if (isComplete(part, start)) {
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
        if (isComplete(tuple, start)) {
            timeouts.deleteEventTimeTimer(VoidNamespace.INSTANCE, tuple.timeoutMillis);
            tuples.clear();
            finishTuple(tupleId, tuple, true, tuple.timeoutMillis - timeoutMillis);
        } else {
            // Written back after the change: a backend that serializes state (RocksDB, on a
            // cluster configured so) keeps nothing of a change made to the value it returned.
            tuples.update(tuple);
        }
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
            finishTuple(timer.getKey(), tuple, false, tuple.timeoutMillis - timeoutMillis);
        }
    }

    @Override
    public void onProcessingTime(InternalTimer<Long, VoidNamespace> timer) {
        // Refreshes use the processing-time service directly, not keyed timers.
    }

    private void finishTuple(long tupleId, TupleEvents tuple, boolean complete,
            long firstMillis) {
        if (tuple.size == 0) {
            // A lineage record whose output left no record while it was awaited.
            statistics.countLineageWithoutOutput();
            return;
        }
        int start = plan.startOf(tupleId);
        sampler.sample(tupleId, tuple, start, statistics);
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

    /** The input has ended normally: only now may the samples take their final name. */
    @Override
    public void finish() throws Exception {
        emitStatistics(false);
        if (samples != null) {
            samples.finish();
        }
        super.finish();
    }

    /** Also after a failure or cancellation: then the samples stay partial. */
    @Override
    public void close() throws Exception {
        try {
            closeSamples();
        } finally {
            super.close();
        }
    }

    private void closeSamples() throws IOException {
        if (samples != null) {
            SubtaskSampleFile file = samples;
            samples = null;
            file.close();
        }
    }

    private void emitStatistics(boolean evenIfEmpty) {
        if (statistics.isEmpty() && !evenIfEmpty) {
            return;
        }
        output.collect(new StreamRecord<>(AnalysisElement.payload(
                AnalysisElement.Kind.HOP_STATISTICS, -1, Payloads.encode(statistics))));
        statistics = new HopStatistics(plan.hops().size(), selection.windowNs());
    }
}
