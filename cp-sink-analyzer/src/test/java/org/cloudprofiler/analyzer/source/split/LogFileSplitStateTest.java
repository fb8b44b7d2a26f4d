package org.cloudprofiler.analyzer.source.split;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** A reader's progress through a file: it only moves on, and a checkpoint keeps it. */
class LogFileSplitStateTest {

    private static final LogFileSplit RESUMED = new LogFileSplit(4, "/logs/spout/1/out.log", 4096);

    @Test
    void aFreshStateResumesWhereItsSplitDoes() {
        assertEquals(RESUMED, new LogFileSplitState(RESUMED).toSplit());
    }

    @Test
    void progressOnlyMovesForward() {
        LogFileSplitState state = new LogFileSplitState(RESUMED);

        state.advanceTo(12_288);
        state.advanceTo(8192);

        assertEquals(new LogFileSplit(4, "/logs/spout/1/out.log", 12_288), state.toSplit());
    }

    @Test
    void aStateInTheMiddleOfAFileSurvivesTheSerializer() throws IOException {
        LogFileSplitState state = new LogFileSplitState(new LogFileSplit(2, "/logs/a.log", 0));
        state.advanceTo(65_536 + 17);
        LogFileSplitSerializer serializer = LogFileSplitSerializer.INSTANCE;

        LogFileSplit restored = serializer.deserialize(serializer.getVersion(),
                serializer.serialize(state.toSplit()));

        assertEquals(65_553, restored.resumeOffset());
        assertEquals(state.toSplit(), new LogFileSplitState(restored).toSplit());
    }
}
