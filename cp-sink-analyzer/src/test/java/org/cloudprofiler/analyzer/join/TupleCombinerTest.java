package org.cloudprofiler.analyzer.join;

import static org.cloudprofiler.analyzer.join.SpoutToSinkPlan.PLAN;
import static org.cloudprofiler.analyzer.join.SpoutToSinkPlan.SINK_IN;
import static org.cloudprofiler.analyzer.join.SpoutToSinkPlan.SPOUT_IN;
import static org.cloudprofiler.analyzer.join.SpoutToSinkPlan.SPOUT_OUT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Combining a source subtask's records per tuple before the shuffle, in Flink's operator
 * harness: a complete tuple leaves at once, the rest by the watermark, at the end, or the
 * oldest first when the combiner is full.
 */
class TupleCombinerTest {

    private static final long SLACK_MILLIS = 1000;

    private OneInputStreamOperatorTestHarness<AnalysisElement, AnalysisElement> harness;

    @BeforeEach
    void open() throws Exception {
        harness = new OneInputStreamOperatorTestHarness<>(new TupleCombiner(PLAN, SLACK_MILLIS));
        harness.open();
    }

    /** What the combiner sent: each tuple as id:channels@time, and each watermark as wm@time. */
    private List<String> sent() {
        List<String> sent = new ArrayList<>();
        for (Object element : harness.getOutput()) {
            if (element instanceof Watermark mark) {
                sent.add("wm@" + mark.getTimestamp());
            } else {
                @SuppressWarnings("unchecked")
                StreamRecord<AnalysisElement> record = (StreamRecord<AnalysisElement>) element;
                AnalysisElement tuple = record.getValue();
                assertEquals(AnalysisElement.Kind.TUPLE, tuple.kind());
                sent.add(tuple.id() + ":" + Arrays.toString(Arrays.copyOf(
                        tuple.events().channels, tuple.events().size)) + "@"
                        + record.getTimestamp());
            }
        }
        return sent;
    }

    @Test
    void aTupleWhoseAwaitedRecordsAllCameLeavesAtOnceAtItsFirstRecordsTime() throws Exception {
        harness.processElement(AnalysisElement.idRecord(SPOUT_IN, 7, 100), 5_000);
        harness.processElement(AnalysisElement.idRecord(SPOUT_OUT, 7, 150), 5_001);
        assertEquals(List.of(), sent());
        harness.processElement(AnalysisElement.idRecord(SINK_IN, 7, 300), 5_002);

        assertEquals(List.of("7:[0, 1, 2]@5000"), sent());
        AnalysisElement tuple = harness.extractOutputValues().get(0);
        assertArrayEquals(new long[] {100, 150, 300}, Arrays.copyOf(tuple.events().tscs, 3));
    }

    @Test
    void anIncompleteTupleLeavesBeforeTheWatermarkThatPassesItBySlack() throws Exception {
        harness.processElement(AnalysisElement.idRecord(SPOUT_IN, 1, 100), 5_000);
        harness.processElement(AnalysisElement.idRecord(SPOUT_IN, 2, 200), 5_500);

        harness.processWatermark(5_000 + SLACK_MILLIS - 1);
        harness.processWatermark(5_000 + SLACK_MILLIS);

        assertEquals(List.of("wm@5999", "1:[0]@5000", "wm@6000"), sent());
    }

    @Test
    void theEndOfInputSendsEveryTupleStillWaiting() throws Exception {
        harness.processElement(AnalysisElement.idRecord(SPOUT_IN, 1, 100), 5_000);
        harness.processElement(AnalysisElement.idRecord(SPOUT_OUT, 2, 200), 5_100);
        harness.processElement(AnalysisElement.idRecord(SPOUT_OUT, 1, 300), 5_200);

        harness.endInput();

        assertEquals(List.of("1:[0, 1]@5000", "2:[1]@5100"), sent());
    }

    @Test
    void aFullCombinerSendsItsOldestTupleToMakeRoom() throws Exception {
        for (int id = 0; id < TupleCombiner.CAPACITY; id++) {
            harness.processElement(AnalysisElement.idRecord(SPOUT_IN, id, id), id);
        }
        assertEquals(List.of(), sent());

        harness.processElement(AnalysisElement.idRecord(SPOUT_IN, -5, 0), TupleCombiner.CAPACITY);

        assertEquals(List.of("0:[0]@0"), sent());
    }
}
