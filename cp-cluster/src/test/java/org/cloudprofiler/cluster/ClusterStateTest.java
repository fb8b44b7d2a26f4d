package org.cloudprofiler.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.cloudprofiler.cluster.ClusterState.RecordedProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** cluster.json: what it keeps, how two processes change it, and how a record finds its process. */
class ClusterStateTest {
    @TempDir
    Path directory;

    @Test
    void theStateReadsBackAsWritten() throws IOException {
        ClusterState state = new ClusterState("ab12", 3, List.of("storm", "flink"),
                List.of(new RecordedProcess("storm-nimbus", 0, 4242, 1_700_000_000_000L)));
        state.write(directory);
        assertEquals(Optional.of(state), ClusterState.read(directory));
        ClusterState.delete(directory);
        assertEquals(Optional.empty(), ClusterState.read(directory));
    }

    @Test
    void anUpdateChangesTheFileAsItIsNotAStaleCopy() throws IOException {
        ClusterState mine = new ClusterState(null, 3, List.of("flink"), List.of());
        mine.write(directory);
        // Another process records its client meanwhile.
        ClusterState.update(directory, theirs -> theirs.with(
                new RecordedProcess("flink-submit", 0, 1, 1)));
        // This process, holding its copy from before, records a process of its own.
        ClusterState.update(directory, recorded -> recorded.with(
                new RecordedProcess("generator", 0, 2, 2)));
        assertEquals(List.of("flink-submit", "generator"), ClusterState.read(directory)
                .orElseThrow().processes().stream().map(RecordedProcess::name).toList());
    }

    @Test
    void anUpdateOfAClusterTakenDownSaysSo() {
        IOException gone = assertThrows(IOException.class,
                () -> ClusterState.update(directory, state -> state));
        assertTrue(gone.getMessage().contains("taken down"), gone.getMessage());
    }

    @Test
    void aRecordFindsItsProcessOnlyWithTheSameStartTime() {
        ProcessHandle self = ProcessHandle.current();
        long started = self.info().startInstant().orElseThrow().toEpochMilli();
        assertTrue(new RecordedProcess("me", 0, self.pid(), started).handle().isPresent());
        // The same pid with another start time is a later process that reused it.
        assertFalse(new RecordedProcess("me", 0, self.pid(), started - 1).handle().isPresent());
    }

    @Test
    void aFileThatIsNotAStateNamesTheFix() throws IOException {
        Files.writeString(directory.resolve("cluster.json"), "{ not json");
        IOException corrupt = assertThrows(IOException.class, () -> ClusterState.read(directory));
        assertTrue(corrupt.getMessage().contains("remove it"), corrupt.getMessage());
    }
}
