package org.cloudprofiler.analyzer.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.join.Locality;
import org.cloudprofiler.analyzer.join.TimeSelection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SampleFileWriter}: a file takes its name only when finished, and every buffer and file
 * is freed on every path, failures included (Linux: open files are read from /proc/self/fd).
 */
class SampleFileWriterTest {

    private static final List<String> HOPS = List.of("spout", "spout -> sink");
    private static final TimeSelection SELECTION = new TimeSelection(0, Long.MAX_VALUE,
            TimeSelection.DEFAULT_WINDOW_NS);

    @TempDir
    Path directory;

    private final BufferAllocator root = new RootAllocator();

    @AfterEach
    void everyBufferIsFreed() {
        assertEquals(List.of(), new ArrayList<>(root.getChildAllocators()));
        assertEquals(0, root.getAllocatedMemory());
        root.close();
    }

    @Test
    void aFinishedFileTakesItsNameAndHoldsTheStartsAndTheSelection() throws Exception {
        Path file = directory.resolve("not/yet/made").resolve("samples-r-0.arrow");
        TimeSelection selection = new TimeSelection(5_000_000_000L, 60_000_000_000L,
                TimeSelection.DEFAULT_WINDOW_NS);
        try (SampleFileWriter writer = new SampleFileWriter(file, HOPS, "r", selection, root)) {
            writer.write(1, 0, Locality.LOCAL, 5_500_000_000.0,
                    new BoundedDuration(100, 0, "SAME_CLOCK"));
            writer.write(1, 1, Locality.REMOTE, Double.NaN,
                    new BoundedDuration(200, 0, "SAME_CLOCK"));
            assertFalse(Files.exists(file));
            assertTrue(Files.exists(SampleFiles.partialOf(file)));
            writer.finish();
        }

        assertFalse(Files.exists(SampleFiles.partialOf(file)));
        try (SeekableByteChannel channel = Files.newByteChannel(file);
                ArrowFileReader reader = new ArrowFileReader(channel, root)) {
            VectorSchemaRoot rows = reader.getVectorSchemaRoot();
            assertTrue(reader.loadNextBatch());
            Float8Vector starts = (Float8Vector) rows.getVector(SampleFiles.START_NS);
            assertEquals(5_500_000_000.0, starts.get(0), 0);
            assertTrue(starts.isNull(1), "an unknown start is null");
            assertEquals("r", rows.getSchema().getCustomMetadata().get(SampleFiles.RUN_METADATA));
            assertEquals("5000000000", rows.getSchema().getCustomMetadata()
                    .get(SampleFiles.FROM_NS_METADATA));
            assertEquals("60000000000", rows.getSchema().getCustomMetadata()
                    .get(SampleFiles.TO_NS_METADATA));
        }
    }

    @Test
    void aFileClosedUnfinishedKeepsOnlyItsPartialName() throws Exception {
        Path file = directory.resolve("samples-r-0.arrow");
        try (SampleFileWriter writer = new SampleFileWriter(file, HOPS, "r", SELECTION, root)) {
            writer.write(1, 0, Locality.LOCAL, 0, new BoundedDuration(100, 0, "SAME_CLOCK"));
        }

        assertFalse(Files.exists(file));
        assertTrue(Files.exists(SampleFiles.partialOf(file)));
        assertEquals(List.of(), openFilesUnder(directory));
    }

    @Test
    void aFileThatCannotBeCreatedFreesTheBuffersAndNamesTheFix() throws Exception {
        Path notADirectory = Files.createFile(directory.resolve("a-file"));
        Path file = notADirectory.resolve("samples-r-0.arrow");

        IOException failure = assertThrows(IOException.class,
                () -> new SampleFileWriter(file, HOPS, "r", SELECTION, root));

        assertTrue(failure.getMessage().contains(file.toString()), failure.getMessage());
        assertTrue(failure.getMessage().contains("Fix: give --samples a directory"),
                failure.getMessage());
    }

    @Test
    void aFileThatCannotBeWrittenIsClosedWithTheBuffers() throws Exception {
        Path file = directory.resolve("samples-r-0.arrow");
        // Every write to /dev/full fails: no room left on the device.
        Files.createSymbolicLink(SampleFiles.partialOf(file), Path.of("/dev/full"));

        IOException failure = assertThrows(IOException.class,
                () -> new SampleFileWriter(file, HOPS, "r", SELECTION, root));

        assertTrue(failure.getMessage().contains(SampleFiles.partialOf(file).toString()),
                failure.getMessage());
        assertTrue(failure.getMessage().contains("has room"), failure.getMessage());
        assertEquals(List.of(), openFilesUnder(Path.of("/dev/full")));
    }

    @Test
    void aFinishedFileThatCannotBeRenamedIsClosedAndStaysPartial() throws Exception {
        Path file = directory.resolve("samples-r-0.arrow");
        Files.createDirectories(file.resolve("in the way"));
        SampleFileWriter writer = new SampleFileWriter(file, HOPS, "r", SELECTION, root);
        writer.write(1, 0, Locality.LOCAL, 0, new BoundedDuration(100, 0, "SAME_CLOCK"));

        IOException failure = assertThrows(IOException.class, writer::finish);

        assertTrue(failure.getMessage().contains(file.toString()), failure.getMessage());
        assertTrue(failure.getMessage().contains("Fix:"), failure.getMessage());
        assertTrue(Files.exists(SampleFiles.partialOf(file)));
        assertEquals(List.of(), openFilesUnder(directory));
    }

    /** The files this process has open at or under {@code path}. */
    private static List<Path> openFilesUnder(Path path) throws IOException {
        List<Path> open = new ArrayList<>();
        try (var descriptors = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path descriptor : descriptors) {
                try {
                    Path target = Files.readSymbolicLink(descriptor);
                    if (target.startsWith(path.toRealPath())) {
                        open.add(target);
                    }
                } catch (IOException e) {
                    // Closed while listed (the listing's own descriptor): not open.
                }
            }
        }
        return open;
    }
}
