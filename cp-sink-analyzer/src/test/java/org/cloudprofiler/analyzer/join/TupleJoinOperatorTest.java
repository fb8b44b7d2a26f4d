package org.cloudprofiler.analyzer.join;

import static org.cloudprofiler.analyzer.join.SpoutToSinkPlan.PLAN;
import static org.cloudprofiler.analyzer.join.SpoutToSinkPlan.SINK_IN;
import static org.cloudprofiler.analyzer.join.SpoutToSinkPlan.SPOUT_IN;
import static org.cloudprofiler.analyzer.join.SpoutToSinkPlan.SPOUT_OUT;
import static org.cloudprofiler.analyzer.join.SpoutToSinkPlan.TSC_HZ;
import static org.cloudprofiler.analyzer.join.SpoutToSinkPlan.hop;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.stream.Stream;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.cloudprofiler.analyzer.clock.ClockSpec;
import org.cloudprofiler.analyzer.clock.NodeClock;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.Payloads;
import org.cloudprofiler.analyzer.join.TupleEnding.Reason;
import org.cloudprofiler.analyzer.stats.HopStatistics;
import org.cloudprofiler.sync.translate.TranslationMethod;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The keyed join in Flink's operator harness: a tuple's parts from several subtasks make one
 * tuple's samples, an incomplete tuple ends by the watermark with why, and a checkpoint keeps
 * the tuples in flight.
 */
class TupleJoinOperatorTest {

    private static final long TIMEOUT_MILLIS = 1000;
    /** The plan's one node, its clock at 1 GHz: ticks are ns. */
    private static final ClockSpec CLOCKS = new ClockSpec(null, null, "a",
            TranslationMethod.MINRTT, Map.of("a", new NodeClock(TSC_HZ, 0, 0)));
    private static final int COMPUTE = hop("spout");
    private static final int TRANSFER = hop("spout -> sink");
    private static final int END_TO_END = hop("spout => sink");

    /** The heap backend keeps the value it returned; RocksDB only what was written back. */
    static Stream<Named<StateBackend>> stateBackends() {
        return Stream.of(Named.of("heap", new HashMapStateBackend()),
                Named.of("RocksDB", new EmbeddedRocksDBStateBackend()));
    }

    private static KeyedOneInputStreamOperatorTestHarness<Long, AnalysisElement, AnalysisElement>
            harness(StateBackend backend) throws Exception {
        var harness = new KeyedOneInputStreamOperatorTestHarness<>(new TupleJoinOperator(PLAN,
                CLOCKS, TIMEOUT_MILLIS, 0, null, null, TimeSelection.WHOLE_RUN),
                AnalysisElement::id, Types.LONG);
        harness.setStateBackend(backend);
        return harness;
    }

    /** Part of tuple {@code tupleId}: the records one source subtask combined, channel, tsc. */
    private static AnalysisElement part(long tupleId, long... channelsAndTscs) {
        TupleEvents events = new TupleEvents();
        for (int i = 0; i < channelsAndTscs.length; i += 2) {
            events.add((int) channelsAndTscs[i], channelsAndTscs[i + 1]);
        }
        return AnalysisElement.tuple(tupleId, events);
    }

    /** The statistics the operator emitted, merged; the harness must be closed. */
    private static HopStatistics statistics(
            AbstractStreamOperatorTestHarness<AnalysisElement> harness) {
        HopStatistics merged = new HopStatistics(PLAN.hops().size());
        for (AnalysisElement element : harness.extractOutputValues()) {
            assertEquals(AnalysisElement.Kind.HOP_STATISTICS, element.kind());
            merged.merge(Payloads.decode(element.payload(), HopStatistics.class));
        }
        return merged;
    }

    private static double onlyLatencyNs(HopStatistics statistics, int hop) {
        assertEquals(1, statistics.get(hop, Locality.LOCAL).bounded());
        return statistics.get(hop, Locality.LOCAL).latencyNs().max();
    }

    @ParameterizedTest
    @MethodSource("stateBackends")
    void partsOfOneTupleFromTwoSubtasksMakeItsHopSamples(StateBackend backend) throws Exception {
        var harness = harness(backend);
        harness.open();

        harness.processElement(part(42, SPOUT_IN, 100, SPOUT_OUT, 250), 10_000);
        assertEquals(1, harness.numEventTimeTimers());
        harness.processElement(part(42, SINK_IN, 400), 10_000);
        assertEquals(0, harness.numEventTimeTimers());
        harness.close();

        HopStatistics statistics = statistics(harness);
        assertEquals(1, statistics.completeTuples());
        assertEquals(0, statistics.timedOutTuples());
        assertEquals(3, statistics.events());
        assertEquals(150, onlyLatencyNs(statistics, COMPUTE), 0);
        assertEquals(150, onlyLatencyNs(statistics, TRANSFER), 0);
        assertEquals(300, onlyLatencyNs(statistics, END_TO_END), 0);
    }

    @Test
    void aTupleCombinedWholeIsSampledWithoutStateOrTimer() throws Exception {
        var harness = harness(new HashMapStateBackend());
        harness.open();

        harness.processElement(part(7, SPOUT_IN, 0, SPOUT_OUT, 10, SINK_IN, 30), 10_000);

        assertEquals(0, harness.numKeyedStateEntries());
        assertEquals(0, harness.numEventTimeTimers());
        harness.close();
        assertEquals(1, statistics(harness).completeTuples());
        assertEquals(30, onlyLatencyNs(statistics(harness), END_TO_END), 0);
    }

    @Test
    void aTupleThatNeverReachesTheSinkTimesOutWhenTheWatermarkPassesItsTimeout()
            throws Exception {
        var harness = harness(new HashMapStateBackend());
        harness.open();
        harness.processElement(part(5, SPOUT_IN, 100, SPOUT_OUT, 180), 10_000);

        harness.processWatermark(10_000 + TIMEOUT_MILLIS - 1);
        assertEquals(1, harness.numKeyedStateEntries());
        harness.processWatermark(10_000 + TIMEOUT_MILLIS);
        assertEquals(0, harness.numKeyedStateEntries());
        harness.close();

        HopStatistics statistics = statistics(harness);
        assertEquals(0, statistics.completeTuples());
        assertEquals(Map.of(new TupleEnding(Reason.NOT_REACHED, "spout", "sink"), 1L),
                statistics.timedOutByEnding());
        assertEquals(2, statistics.events());
        // What it did have is still sampled.
        assertEquals(80, onlyLatencyNs(statistics, COMPUTE), 0);
    }

    @ParameterizedTest
    @MethodSource("stateBackends")
    void aCheckpointKeepsTheTuplesInFlightAndTheirTimeouts(StateBackend backend)
            throws Exception {
        var before = harness(backend);
        before.open();
        before.processElement(part(1, SPOUT_IN, 100, SPOUT_OUT, 160), 10_000);
        before.processElement(part(2, SPOUT_IN, 500), 10_500);
        OperatorSubtaskState snapshot = before.snapshot(1, 1);
        before.close();
        assertEquals(0, statistics(before).completeTuples() + statistics(before)
                .timedOutTuples());

        var after = harness(backend);
        after.initializeState(snapshot);
        after.open();
        assertEquals(2, after.numEventTimeTimers());
        after.processElement(part(1, SINK_IN, 300), 10_200);
        after.processWatermark(10_500 + TIMEOUT_MILLIS);
        after.close();

        HopStatistics statistics = statistics(after);
        assertEquals(1, statistics.completeTuples());
        assertEquals(60, onlyLatencyNs(statistics, COMPUTE), 0);
        assertEquals(200, onlyLatencyNs(statistics, END_TO_END), 0);
        assertEquals(Map.of(new TupleEnding(Reason.ENDED_AT, "spout", null), 1L),
                statistics.timedOutByEnding());
    }
}
