package org.cloudprofiler.analyzer.join;

import java.util.List;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.operators.InternalTimer;
import org.apache.flink.streaming.api.operators.InternalTimerService;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.cloudprofiler.analyzer.clock.ClockSpec;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.AnalysisElementTypeInfo;
import org.cloudprofiler.analyzer.input.RunStart;
import org.cloudprofiler.analyzer.samples.SampleExport;

/**
 * The end-to-end hops of the outputs that descend from a source record (docs/design.md, "Tuple
 * lineage"): the ended tuples of {@link TupleJoinOperator#LINEAGE_PARTS}, keyed by root
 * ({@link #rootOf}), meet here. A root's records are kept until the watermark passes the latest
 * first record of its tuples plus twice the time-out (an output is made within one time-out of
 * its root's first record, and ended within one more), and each output with a lineage record
 * is sampled from its root's start to its own records at the sinks as soon as both are here;
 * outputs whose root never came are counted. Memory holds the roots in flight, never the run.
 * It samples and reports as every {@link HopSamplingOperator}; it counts no tuples.
 */
public final class LineageJoinOperator extends HopSamplingOperator {

    private static final long serialVersionUID = 1L;


    private transient ValueState<TupleEvents> root;
    private transient ListState<AnalysisElement> waiting;
    private transient ValueState<Long> deadline;
    private transient InternalTimerService<VoidNamespace> timers;

    /**
     * As {@link TupleJoinOperator}'s parameters of the same names; each subtask writes its
     * samples into {@code export}'s file of its index plus the join's parallelism, beside the
     * join's own files.
     */
    public LineageJoinOperator(HopPlan plan, ClockSpec clocks, long timeoutMillis,
            long refreshMillis, SampleExport export, RunStart runStart,
            TimeSelection selection) {
        super(plan, clocks, timeoutMillis, refreshMillis, export, runStart, selection);
    }

    @Override
    int sampleFileIndex() {
        return getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks()
                + getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
    }

    /** The key of an ended tuple: its root for an output with a lineage record, else its id. */
    public static long rootOf(AnalysisElement tuple) {
        return tuple.events().rootId != TupleEvents.NO_ROOT ? tuple.events().rootId : tuple.id();
    }

    @Override
    public void open() throws Exception {
        super.open();
        root = getPartitionedState(new ValueStateDescriptor<>("root",
                TypeInformation.of(TupleEvents.class)));
        waiting = getPartitionedState(new ListStateDescriptor<>("outputs",
                AnalysisElementTypeInfo.INSTANCE));
        deadline = getPartitionedState(new ValueStateDescriptor<>("deadline", Types.LONG));
        timers = getInternalTimerService("root-timeouts", VoidNamespaceSerializer.INSTANCE,
                this);
    }

    @Override
    public void processElement(StreamRecord<AnalysisElement> record) throws Exception {
        AnalysisElement tuple = record.getValue();
        long rootId = rootOf(tuple);
        keepUntil(record.getTimestamp() + 2 * timeoutMillis);
        int rootStart = plan.startOf(rootId);
        if (tuple.events().rootId == TupleEvents.NO_ROOT) {
            TupleEvents events = tuple.events().copy();
            root.update(events);
            for (AnalysisElement output : waiting()) {
                sampler().sampleDescendant(output.id(), events, rootStart, output.events(),
                        statistics());
            }
            waiting.clear();
            return;
        }
        TupleEvents known = root.value();
        if (known != null) {
            sampler().sampleDescendant(tuple.id(), known, rootStart, tuple.events(),
                    statistics());
        } else {
            waiting.add(AnalysisElement.tuple(tuple.id(), tuple.events().copy()));
        }
    }

    /** The outputs waiting for their root: a backend gives null for none. */
    private Iterable<AnalysisElement> waiting() throws Exception {
        Iterable<AnalysisElement> outputs = waiting.get();
        return outputs == null ? List.of() : outputs;
    }

    private void keepUntil(long millis) throws Exception {
        Long current = deadline.value();
        if (current != null && current >= millis) {
            return;
        }
        if (current != null) {
            timers.deleteEventTimeTimer(VoidNamespace.INSTANCE, current);
        }
        deadline.update(millis);
        timers.registerEventTimeTimer(VoidNamespace.INSTANCE, millis);
    }

    @Override
    public void onEventTime(InternalTimer<Long, VoidNamespace> timer) throws Exception {
        if (root.value() == null) {
            long outputs = 0;
            for (AnalysisElement ignored : waiting()) {
                outputs++;
            }
            statistics().countOutputsWithoutRoot(outputs);
        }
        root.clear();
        waiting.clear();
        deadline.clear();
    }
}
