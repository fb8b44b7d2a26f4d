package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.cloudprofiler.analyzer.input.DropsFiles;
import org.cloudprofiler.analyzer.input.ExternalDrops;
import org.cloudprofiler.analyzer.input.InputProblem;
import org.cloudprofiler.drops.DropsFile;
import org.cloudprofiler.generator.drops.JofDrops;
import org.cloudprofiler.generator.jof.JofCounters;
import org.cloudprofiler.generator.jof.JofCountersBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What JofSpout leaves in drops.json for its JOF, the analyzer reads with the same figures. */
class DropsFileContractTest {

    @TempDir
    Path directory;

    @Test
    void theAnalyzerReadsWhatTheJofWritesWithItsSendersDropsInItsTotal() throws Exception {
        Path jofFile = directory.resolve("events/3").resolve(DropsFile.FILE_NAME);
        // 9 buckets received, 1 of them dropped by a full queue; the senders dropped 500 more
        // on the way, as their end-of-run markers say.
        JofCounters jof = new JofCountersBuilder()
                .bucketsReceived(9).tuplesReceived(9_000).markersReceived(1)
                .tuplesDeserialized(9_000)
                .bucketsHandedOver(8).tuplesHandedOver(8_000)
                .bucketsDropped(1).tuplesDropped(1_000)
                .sequenceGaps(1).tuplesDroppedBySenders(500).receiversAtEndOfRun(1)
                .build();
        List<ExternalDrops> drops = new ArrayList<>();
        List<InputProblem> problems = new ArrayList<>();

        DropsFile.write(jofFile, List.of(JofDrops.of("jof events/3", "node-a", jof, 1)));
        DropsFiles.read(jofFile.toString(), drops, problems);

        assertEquals(List.of(), problems);
        assertEquals(List.of("jof events/3"), drops.stream().map(ExternalDrops::name).toList());
        assertEquals(1_500L, drops.get(0).dropped());
        assertEquals("node-a", drops.get(0).node());
        assertEquals(8_000L, drops.get(0).counts().get("tuplesHandedOver"));
        assertEquals(500L, drops.get(0).counts().get("tuplesDroppedBySenders"));
        assertEquals(1L, drops.get(0).counts().get("receivers"));
        assertEquals(1L, drops.get(0).counts().get("receiversAtEndOfRun"));
        assertEquals(drops.get(0).counts(), DropsFile.read(jofFile).get(0).counts());
    }
}
