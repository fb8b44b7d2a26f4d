package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.cloudprofiler.analyzer.input.DropsFiles;
import org.cloudprofiler.analyzer.input.ExternalDrops;
import org.cloudprofiler.analyzer.input.InputProblem;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.drops.DropsFile;
import org.cloudprofiler.generator.jof.JofCounters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the generator's and the JOF's drops.json writer leaves, the analyzer's reader takes. */
class DropsFileContractTest {

    @TempDir
    Path directory;

    @Test
    void theAnalyzerReadsWhatTheGeneratorAndTheJofWrite() throws Exception {
        Path generatorFile = directory.resolve("generator").resolve(DropsFile.FILE_NAME);
        Path jofFile = directory.resolve("events/3").resolve(DropsFile.FILE_NAME);
        GeneratorResult generated = new GeneratorResult(9_000, 1_000, 9, 1, 1_000, 1_000_000,
                false, List.of(), List.of("1,000 tuples dropped"), List.of());
        JofCounters jof = new JofCounters(0, 9, 9_000, 1, 9_000, 8, 8_000, 1, 1_000, 0, 0,
                Map.of(), null, 0, 0, 1);
        List<ExternalDrops> drops = new ArrayList<>();
        List<InputProblem> problems = new ArrayList<>();

        assertEquals(DropsFiles.FILE_NAME, DropsFile.FILE_NAME);
        assertEquals(DropsFiles.FORMAT, DropsFile.FORMAT);
        DropsFile.writeGenerator(generatorFile, "node-a", generated);
        DropsFile.writeJof(jofFile, "jof events/3", "node-a", jof);
        DropsFiles.read(generatorFile, drops, problems);
        DropsFiles.read(jofFile, drops, problems);

        assertEquals(List.of(), problems);
        assertEquals(List.of("generator", "jof events/3"),
                drops.stream().map(ExternalDrops::name).toList());
        assertEquals(List.of(1_000L, 1_000L), drops.stream().map(ExternalDrops::dropped).toList());
        assertEquals("node-a", drops.get(1).node());
        assertEquals(9_000L, drops.get(0).counts().get("sentTuples"));
        assertEquals(8_000L, drops.get(1).counts().get("tuplesHandedOver"));
        assertEquals(drops.get(1).counts(), DropsFile.counts(jofFile));
    }
}
