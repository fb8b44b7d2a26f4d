package org.cloudprofiler.analyzer.source.enumerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.mocks.MockSplitEnumeratorContext;
import org.cloudprofiler.analyzer.source.split.LogFileSplit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Files balanced over the readers by size, each reader's given when it registers; the
 * checkpoint holds exactly the files no reader has yet.
 */
class LogFileEnumeratorTest {

    private static final LogFileSplit LARGE = split(0);
    private static final LogFileSplit MEDIUM = split(1);
    private static final LogFileSplit SMALL = split(2);
    private static final LogFileSplit TINY = split(3);
    /** Largest first, each to the lighter reader: 100 + 30 and 60 + 50 bytes. */
    private static final Map<String, Long> SIZES = Map.of("0", 100L, "1", 60L, "2", 50L,
            "3", 30L);

    private MockSplitEnumeratorContext<LogFileSplit> context;
    private LogFileEnumerator enumerator;

    private static LogFileSplit split(int channel) {
        return new LogFileSplit(channel, "/logs/" + channel + ".log", 0);
    }

    @BeforeEach
    void start() {
        context = new MockSplitEnumeratorContext<>(2);
        enumerator = new LogFileEnumerator(context, List.of(TINY, MEDIUM, LARGE, SMALL), SIZES);
        enumerator.start();
    }

    @AfterEach
    void close() throws Exception {
        context.close();
    }

    private void register(int reader) {
        context.registerReader(new ReaderInfo(reader, "localhost"));
        enumerator.addReader(reader);
    }

    /** Every assignment so far, merged per reader. */
    private Map<Integer, List<LogFileSplit>> assigned() {
        Map<Integer, List<LogFileSplit>> assigned = new TreeMap<>();
        context.getSplitsAssignmentSequence().forEach(assignment -> assignment.assignment()
                .forEach((reader, splits) -> assigned.computeIfAbsent(reader,
                        r -> new ArrayList<>()).addAll(splits)));
        return assigned;
    }

    @Test
    void eachReaderGetsItsShareOfTheBytesAndThenNoMore() {
        register(0);
        register(1);

        assertEquals(Map.of(0, List.of(LARGE, TINY), 1, List.of(MEDIUM, SMALL)), assigned());
        assertTrue(context.hasNoMoreSplits(0) && context.hasNoMoreSplits(1));
    }

    @Test
    void aFileReadBesideAnotherGoesToThatOnesReader() throws Exception {
        context.close();
        context = new MockSplitEnumeratorContext<>(2);
        LogFileSplit lineage = split(4);
        Map<String, Long> sizes = new TreeMap<>(SIZES);
        sizes.put("4", 1_000L);
        // The largest file, which alone would go to the lighter reader, follows TINY instead.
        enumerator = new LogFileEnumerator(context, List.of(TINY, MEDIUM, LARGE, SMALL, lineage),
                sizes, Map.of("4", "3"));
        enumerator.start();
        register(0);
        register(1);

        assertEquals(Map.of(0, List.of(LARGE, TINY, lineage), 1, List.of(MEDIUM, SMALL)),
                assigned());
    }

    @Test
    void theCheckpointHoldsTheFilesNoReaderHasYet() {
        assertEquals(4, enumerator.snapshotState(1).size());

        register(1);

        assertEquals(List.of(LARGE, TINY), enumerator.snapshotState(2));
        register(0);
        assertEquals(List.of(), enumerator.snapshotState(3));
    }

    @Test
    void filesGivenBackGoToTheirReaderWhenItIsRegistered() {
        register(0);
        LogFileSplit halfRead = new LogFileSplit(0, LARGE.path(), 4096);

        enumerator.addSplitsBack(List.of(halfRead), 1);
        assertEquals(List.of(MEDIUM, SMALL, halfRead), enumerator.snapshotState(1));
        register(1);

        assertEquals(List.of(MEDIUM, SMALL, halfRead), assigned().get(1));
        assertEquals(List.of(), enumerator.snapshotState(2));
    }
}
