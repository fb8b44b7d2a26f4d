package org.cloudprofiler.flink.source.enumerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.api.connector.source.mocks.MockSplitEnumeratorContext;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;
import org.junit.jupiter.api.Test;

class JofSplitEnumeratorTest {

    @Test
    void receiversGoRoundRobinBySubtaskAsTheReadersRegister() throws Exception {
        try (MockSplitEnumeratorContext<JofReceiverSplit> context =
                new MockSplitEnumeratorContext<>(2)) {
            JofSplitEnumerator enumerator = new JofSplitEnumerator(context, splits(5));
            enumerator.start();

            register(context, enumerator, 1);
            assertEquals(Map.of(1, receivers(1, 3)), assigned(context));
            assertEquals(List.of(0, 2, 4), receivers(enumerator.snapshotState(1)));

            register(context, enumerator, 0);
            assertEquals(Map.of(0, receivers(0, 2, 4), 1, receivers(1, 3)), assigned(context));
            assertTrue(context.hasNoMoreSplits(0) && context.hasNoMoreSplits(1));
            assertEquals(List.of(), receivers(enumerator.snapshotState(2)));
        }
    }

    @Test
    void aReaderWithoutReceiversStillHearsThatNoMoreSplitsCome() throws Exception {
        try (MockSplitEnumeratorContext<JofReceiverSplit> context =
                new MockSplitEnumeratorContext<>(3)) {
            JofSplitEnumerator enumerator = new JofSplitEnumerator(context, splits(1));

            for (int subtask = 0; subtask < 3; subtask++) {
                register(context, enumerator, subtask);
            }

            assertEquals(Map.of(0, receivers(0)), assigned(context));
            for (int subtask = 0; subtask < 3; subtask++) {
                assertTrue(context.hasNoMoreSplits(subtask), "subtask " + subtask);
            }
        }
    }

    @Test
    void theSplitsOfAFailedReaderGoToItsSuccessor() throws Exception {
        try (MockSplitEnumeratorContext<JofReceiverSplit> context =
                new MockSplitEnumeratorContext<>(2)) {
            JofSplitEnumerator enumerator = new JofSplitEnumerator(context, splits(4));
            register(context, enumerator, 0);
            register(context, enumerator, 1);

            context.unregisterReader(1);
            enumerator.addSplitsBack(List.of(split(1), split(3)), 1);
            assertEquals(List.of(1, 3), receivers(enumerator.snapshotState(1)));
            register(context, enumerator, 1);

            List<SplitsAssignment<JofReceiverSplit>> sequence =
                    context.getSplitsAssignmentSequence();
            assertEquals(Map.of(1, List.of(split(1), split(3))),
                    sequence.get(sequence.size() - 1).assignment());
            assertEquals(List.of(), receivers(enumerator.snapshotState(2)));
        }
    }

    private static void register(MockSplitEnumeratorContext<JofReceiverSplit> context,
            JofSplitEnumerator enumerator, int subtask) {
        context.registerReader(new ReaderInfo(subtask, "localhost"));
        enumerator.addReader(subtask);
    }

    /** Every split assigned so far, by subtask, in the order assigned. */
    private static Map<Integer, List<JofReceiverSplit>> assigned(
            MockSplitEnumeratorContext<JofReceiverSplit> context) {
        Map<Integer, List<JofReceiverSplit>> bySubtask = new HashMap<>();
        for (SplitsAssignment<JofReceiverSplit> assignment
                : context.getSplitsAssignmentSequence()) {
            assignment.assignment().forEach((subtask, splits) -> bySubtask
                    .computeIfAbsent(subtask, s -> new ArrayList<>()).addAll(splits));
        }
        return bySubtask;
    }

    private static List<JofReceiverSplit> splits(int count) {
        List<JofReceiverSplit> splits = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            splits.add(split(r));
        }
        return splits;
    }

    private static JofReceiverSplit split(int receiver) {
        return new JofReceiverSplit(receiver, "tcp://127.0.0.1:" + (29_000 + receiver));
    }

    private static List<JofReceiverSplit> receivers(int... indices) {
        List<JofReceiverSplit> splits = new ArrayList<>();
        for (int index : indices) {
            splits.add(split(index));
        }
        return splits;
    }

    private static List<Integer> receivers(JofEnumeratorState state) {
        return state.unassigned().stream().map(JofReceiverSplit::receiver).toList();
    }
}
