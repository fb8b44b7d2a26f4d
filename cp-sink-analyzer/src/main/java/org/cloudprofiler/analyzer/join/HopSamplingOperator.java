package org.cloudprofiler.analyzer.join;

import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.InternalTimer;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.operators.Triggerable;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.cloudprofiler.analyzer.clock.ClockSpec;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.Payloads;
import org.cloudprofiler.analyzer.input.RunStart;
import org.cloudprofiler.analyzer.samples.SampleExport;
import org.cloudprofiler.analyzer.stats.HopStatistics;

/**
 * What the keyed joins share: a {@link HopSampler} that turns their tuples into hop samples,
 * the {@link HopStatistics} they go into, emitted as deltas (every {@code refreshMillis} of
 * processing time when following, and at the end), and the subtask's file of
 * {@code --samples}, which each sample also goes to. Subclasses join; this class samples and
 * reports. Runs in one subtask's thread.
 */
abstract class HopSamplingOperator extends AbstractStreamOperator<AnalysisElement>
        implements OneInputStreamOperator<AnalysisElement, AnalysisElement>,
        Triggerable<Long, VoidNamespace> {

    private static final long serialVersionUID = 1L;

    /** The hops to sample. */
    final HopPlan plan;
    /** How long, in event time, a tuple's records are awaited. */
    final long timeoutMillis;
    private final ClockSpec clocks;
    private final long refreshMillis;
    private final SampleExport export;
    private final RunStart runStart;
    private final TimeSelection selection;

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
    HopSamplingOperator(HopPlan plan, ClockSpec clocks, long timeoutMillis, long refreshMillis,
            SampleExport export, RunStart runStart, TimeSelection selection) {
        this.plan = plan;
        this.clocks = clocks;
        this.timeoutMillis = timeoutMillis;
        this.refreshMillis = refreshMillis;
        this.export = export;
        this.runStart = runStart;
        this.selection = selection;
    }

    /** Which file of {@code --samples} this subtask writes: unique across the joins. */
    abstract int sampleFileIndex();

    @Override
    public void open() throws Exception {
        super.open();
        sampler = new HopSampler(plan, clocks.create(), runStart, selection);
        if (export != null) {
            samples = SubtaskSampleFile.open(export, sampleFileIndex(), plan, selection);
            sampler.exportTo(samples.writer());
        }
        statistics = new HopStatistics(plan.hops().size(), selection.windowNs());
        if (refreshMillis > 0) {
            scheduleRefresh();
        }
    }

    HopSampler sampler() {
        return sampler;
    }

    /** The statistics since the last emission: add to these. */
    HopStatistics statistics() {
        return statistics;
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
    public void onProcessingTime(InternalTimer<Long, VoidNamespace> timer) {
        // Refreshes use the processing-time service directly, not keyed timers.
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
            if (samples != null) {
                SubtaskSampleFile file = samples;
                samples = null;
                file.close();
            }
        } finally {
            super.close();
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
