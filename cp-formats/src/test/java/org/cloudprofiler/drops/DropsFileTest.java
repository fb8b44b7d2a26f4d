package org.cloudprofiler.drops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DropsFileTest {

    @TempDir
    Path directory;

    @Test
    void theFilesOfAComponentAreThoseItsTasksLeft() throws IOException {
        Path node = directory.resolve("node");
        Files.createDirectories(node.resolve("Source__jof/1"));
        DropsFile.write(node.resolve("Source__jof/0").resolve(DropsFile.FILE_NAME), List.of());
        Files.createDirectories(node.resolve("other/0"));
        DropsFile.write(node.resolve("other/0").resolve(DropsFile.FILE_NAME), List.of());

        assertEquals(List.of(node.resolve("Source__jof/0").resolve(DropsFile.FILE_NAME)),
                DropsFile.filesOf(node, "Source: jof"));
        assertEquals(List.of(), DropsFile.filesOf(node, "absent"));
    }

    @Test
    void whatIsWrittenIsReadBackWithItsCountsInTheirOrder() throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("tuplesReceived", 9_000L);
        counts.put("tuplesDropped", 1_000L);
        counts.put("receivers", 2L);
        List<DropsSource> sources = List.of(
                new DropsSource("jof events/3", "node-a", 1_000, counts),
                new DropsSource("generator", null, 5, Map.of()));
        Path file = directory.resolve("events/3").resolve(DropsFile.FILE_NAME);

        DropsFile.write(file, sources);

        List<DropsSource> read = DropsFile.read(file);
        assertEquals(sources, read);
        assertEquals(List.of("tuplesReceived", "tuplesDropped", "receivers"),
                List.copyOf(read.get(0).counts().keySet()));
        assertTrue(Files.readString(file).contains("\"format\" : \"" + DropsFile.FORMAT + "\""));
        assertEquals(List.of(DropsFile.FILE_NAME), List.of(file.getParent().toFile().list()),
                "the partial file is renamed away");
    }

    @Test
    void aFileWithoutSourcesStillListsThem() throws IOException {
        Path file = directory.resolve(DropsFile.FILE_NAME);

        DropsFile.write(file, List.of());

        assertTrue(Files.readString(file).contains("\"sources\" : [ ]"), Files.readString(file));
        assertEquals(List.of(), DropsFile.read(file));
    }

    @Test
    void aFileOfAnotherFormatIsRefusedNamingTheFormatItReads() throws IOException {
        Path file = directory.resolve(DropsFile.FILE_NAME);
        Files.writeString(file, "{\"format\": \"cloudprofiler-drops/2\", \"sources\": []}");

        IOException refused = assertThrows(IOException.class, () -> DropsFile.read(file));

        assertEquals("its format is not " + DropsFile.FORMAT, refused.getMessage());
    }

    @Test
    void aSourceWithoutItsDroppedCountIsRefused() throws IOException {
        Path file = directory.resolve(DropsFile.FILE_NAME);
        Files.writeString(file, "{\"format\": \"" + DropsFile.FORMAT
                + "\", \"sources\": [{\"name\": \"jof a/1\", \"counts\": {}}]}");

        IOException refused = assertThrows(IOException.class, () -> DropsFile.read(file));

        assertTrue(refused.getMessage().contains("\"dropped\""), refused.getMessage());
    }
}
