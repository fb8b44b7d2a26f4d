package org.cloudprofiler.analyzer.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The names of the sample files: per run, by subtask number, finished apart from partial. */
class SampleFilesTest {

    @TempDir
    Path directory;

    @Test
    void filesAreListedBySubtaskNumberNotByName() throws Exception {
        List<Path> expected = new ArrayList<>();
        for (int subtask = 0; subtask < 12; subtask++) {
            expected.add(SampleFiles.of(directory, "20261126T191455Z-0a1b2c", subtask));
        }
        for (int subtask = 11; subtask >= 0; subtask--) {
            Files.createFile(expected.get(subtask));
        }

        assertEquals(expected, SampleFiles.in(directory, "20261126T191455Z-0a1b2c"));
    }

    @Test
    void eachRunListsOnlyItsOwnFinishedOrPartialFiles() throws Exception {
        Path finished = SampleFiles.of(directory, "run-a", 1);
        Path partial = SampleFiles.partialOf(SampleFiles.of(directory, "run-a", 0));
        Path otherRun = SampleFiles.of(directory, "run-b", 0);
        for (Path file : List.of(finished, partial, otherRun)) {
            Files.createFile(file);
        }

        assertEquals(List.of(finished), SampleFiles.in(directory, "run-a"));
        assertEquals(List.of(partial), SampleFiles.partialIn(directory, "run-a"));
        assertEquals(List.of(otherRun), SampleFiles.in(directory, "run-b"));
    }
}
