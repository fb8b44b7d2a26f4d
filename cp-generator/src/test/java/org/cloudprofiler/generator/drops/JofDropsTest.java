package org.cloudprofiler.generator.drops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.drops.DropsFile;
import org.cloudprofiler.drops.DropsSource;
import org.cloudprofiler.generator.jof.JofCounters;
import org.cloudprofiler.generator.jof.JofCountersBuilder;
import org.cloudprofiler.generator.jof.RejectReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JofDropsTest {
    private static final JofCounters COUNTS = new JofCountersBuilder().tuplesReceived(10)
            .tuplesHandedOver(7).tuplesDropped(3).receiversAtEndOfRun(2).build();

    @TempDir
    Path logRoot;

    @Test
    void aTasksCountsLandInItsOperatorAndTaskDirectoryNamedAfterBoth() throws IOException {
        Path node = logRoot.resolve("node-a");

        List<String> warnings = JofDrops.write(node::toString, "spout", 4, COUNTS, 2);

        assertEquals(List.of(), warnings);
        List<DropsSource> sources =
                DropsFile.read(node.resolve("spout").resolve("4").resolve(DropsFile.FILE_NAME));
        assertEquals(1, sources.size());
        assertEquals("jof spout/4", sources.get(0).name());
        assertEquals("node-a", sources.get(0).node());
        assertEquals(3, sources.get(0).dropped());
        assertEquals(2L, sources.get(0).counts().get("receivers"));
    }

    @Test
    void aMissingNativeCoreLeavesAWarningNotAnException() {
        List<String> warnings = JofDrops.write(() -> {
            throw new UnsatisfiedLinkError("no cloudprofiler_jni in java.library.path");
        }, "spout", 4, COUNTS, 2);

        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("jof spout/4: cannot write drops.json"),
                warnings.get(0));
        assertTrue(warnings.get(0).contains("UnsatisfiedLinkError"), warnings.get(0));
    }

    @Test
    void anUnwritableDirectoryLeavesAWarningNamingTheFile() throws IOException {
        Path node = logRoot.resolve("node-a");
        // A file where the operator's directory should be: no directory can be made under it.
        Files.createDirectories(node);
        Files.writeString(node.resolve("spout"), "in the way");

        List<String> warnings = JofDrops.write(node::toString, "spout", 4, COUNTS, 2);

        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("cannot write "
                + node.resolve("spout").resolve("4").resolve(DropsFile.FILE_NAME)),
                warnings.get(0));
    }

    @Test
    void rejectedMessagesLeaveAWarningWithTheLastRejectionAndTheFileStillWritten()
            throws IOException {
        Path node = logRoot.resolve("node-a");
        JofCounters rejecting = new JofCountersBuilder().tuplesRejected(5).messagesRejected(1)
                .rejectedByReason(Map.of(RejectReason.MALFORMED, 1L))
                .lastRejection("translator threw").build();

        List<String> warnings = JofDrops.write(node::toString, "spout", 4, rejecting, 1);

        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("jof spout/4: 5 tuples in 1 messages rejected"),
                warnings.get(0));
        assertTrue(warnings.get(0).contains("the last: translator threw"), warnings.get(0));
        assertTrue(Files.exists(node.resolve("spout").resolve("4").resolve(DropsFile.FILE_NAME)));
    }
}
