package org.cloudprofiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogProblem;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogTrailer;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.testing.ChildJvm;
import org.cloudprofiler.testing.LoggingChild;
import org.cloudprofiler.testing.OpenChannelsChild;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM logging at full speed on several channels is killed at random moments. SIGTERM: every
 * call that was accepted is in the files, and each file is closed by the shutdown hook. SIGKILL:
 * every complete block is readable and the damage is reported, nothing more. And a JVM that
 * simply returns from main with channels open exits, its channels closed by the hook.
 */
class ProcessKillITCase {
    private static final long SEED = Long.getLong("cloudprofiler.test.seed", 20261121L);

    @TempDir
    Path logRoot;

    private ChildJvm startChild(Path logs) throws Exception {
        ChildJvm child = ChildJvm.start(LoggingChild.class, List.of(),
                Map.of("CP_LOG_DIR", logs.toString(), "CP_NODE_ID", "child"));
        assertTrue(child.awaitLine("READY", 60_000), "child never got going:\n" + child.stderr());
        return child;
    }

    private static Map<String, Long> acceptedCounts(ChildJvm child) {
        Map<String, Long> counts = new HashMap<>();
        for (String line : child.stdout()) {
            if (line.startsWith("ACCEPTED ")) {
                String[] parts = line.split(" ");
                counts.put(parts[1], Long.parseLong(parts[2]));
            }
        }
        return counts;
    }

    @Test
    void sigtermKeepsEveryAcceptedRecord() throws Exception {
        Random random = new Random(SEED);
        System.out.println("SIGTERM rounds, seed " + SEED);
        for (int round = 0; round < 5; round++) {
            Path logs = logRoot.resolve("term-" + round);
            long delayMs = 20 + random.nextInt(1500);
            ChildJvm child = startChild(logs);
            Thread.sleep(delayMs);
            // SIGTERM; Process.destroy() would also close the pipes the report comes through.
            child.process().toHandle().destroy();
            int exit = child.awaitExit(60_000);
            assertEquals(143, exit, "exit by SIGTERM; stderr:\n" + child.stderr());
            Map<String, Long> accepted = acceptedCounts(child);
            assertEquals(3 * LoggingChild.THREADS + 1, accepted.size(),
                    () -> "stdout " + child.stdout() + ", stderr:\n" + child.stderr());
            Path node = logs.resolve("child");
            for (int t = 0; t < 3; t++) {
                List<String> names = LoggingChild.channelsOf(t);
                for (String name : names) {
                    checkClosedAtShutdown(node, name, accepted.get(name));
                }
            }
            try (LogReader reader = LogReader.open(
                    ChannelLogs.find(node, LoggingChild.SHARED_COUNTER))) {
                List<long[]> rows = ChannelLogs.rows(reader);
                assertEquals(accepted.get(LoggingChild.SHARED_COUNTER),
                        rows.get(rows.size() - 1)[reader.header().columnIndex("count")]);
            }
            System.out.printf("  round %d: SIGTERM after %d ms, %,d calls accepted on %s%n",
                    round, delayMs, accepted.get("child/0/buffered"), "child/0/buffered");
        }
    }

    private static void checkClosedAtShutdown(Path node, String name, long accepted)
            throws Exception {
        try (LogReader reader = LogReader.open(ChannelLogs.find(node, name))) {
            List<long[]> rows = ChannelLogs.rows(reader);
            assertTrue(reader.problems().isEmpty(), name + ": " + reader.problems());
            LogTrailer trailer = reader.trailer();
            assertNotNull(trailer, name);
            assertEquals(LogTrailer.CLOSED_AT_SHUTDOWN, trailer.closeReason(), name);
            assertEquals(accepted, trailer.callsAccepted(), name);
            long expectedRows = name.endsWith("sampled")
                    ? (accepted + LoggingChild.DOWNSAMPLE_N - 1) / LoggingChild.DOWNSAMPLE_N
                    : accepted;
            assertEquals(expectedRows, rows.size(), name);
            long step = name.endsWith("sampled") ? LoggingChild.DOWNSAMPLE_N : 1;
            for (int i = 0; i < rows.size(); i++) {
                assertEquals(i * step, rows.get(i)[0], name + " record " + i);
            }
        }
    }

    @Test
    void aJvmWithOpenChannelsExitsAndClosesThemAll() throws Exception {
        Path logs = logRoot.resolve("open");
        try (ChildJvm child = ChildJvm.start(OpenChannelsChild.class, List.of(),
                Map.of("CP_LOG_DIR", logs.toString(), "CP_NODE_ID", "child"))) {
            assertEquals(0, child.awaitExit(60_000), child.stderr());
        }
        for (HandlerType handler : HandlerType.values()) {
            try (LogReader reader = LogReader.open(
                    ChannelLogs.find(logs.resolve("child"), OpenChannelsChild.channelOf(handler)))) {
                ChannelLogs.rows(reader);
                assertTrue(reader.problems().isEmpty(), handler + ": " + reader.problems());
                assertEquals(LogTrailer.CLOSED_AT_SHUTDOWN, reader.trailer().closeReason());
                assertEquals(1000, reader.trailer().callsAccepted(), handler.name());
            }
        }
    }

    @Test
    void sigkillLeavesEveryCompleteBlockReadable() throws Exception {
        Random random = new Random(SEED + 1);
        Set<LogProblem.Kind> expectedDamage =
                Set.of(LogProblem.Kind.MISSING_TRAILER, LogProblem.Kind.TRUNCATED_TAIL);
        for (int round = 0; round < 3; round++) {
            Path logs = logRoot.resolve("kill-" + round);
            ChildJvm child = startChild(logs);
            Thread.sleep(20 + random.nextInt(1500));
            child.process().toHandle().destroyForcibly();  // SIGKILL
            assertEquals(137, child.awaitExit(60_000));
            Path node = logs.resolve("child");
            for (int t = 0; t < 3; t++) {
                for (String name : LoggingChild.channelsOf(t)) {
                    try (LogReader reader = LogReader.open(ChannelLogs.find(node, name))) {
                        List<long[]> rows = ChannelLogs.rows(reader);
                        assertNull(reader.trailer(), name);
                        for (LogProblem problem : reader.problems()) {
                            assertTrue(expectedDamage.contains(problem.kind()),
                                    name + ": " + problem);
                        }
                        assertTrue(reader.problems().stream()
                                .anyMatch(p -> p.kind() == LogProblem.Kind.MISSING_TRAILER));
                        long step = name.endsWith("sampled") ? LoggingChild.DOWNSAMPLE_N : 1;
                        for (int i = 0; i < rows.size(); i++) {
                            assertEquals(i * step, rows.get(i)[0], name + " record " + i);
                        }
                    }
                }
            }
        }
    }
}
