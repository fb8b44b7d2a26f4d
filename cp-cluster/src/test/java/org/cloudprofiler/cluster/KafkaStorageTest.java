package org.cloudprofiler.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaStorageTest {
    @TempDir
    Path directory;

    @Test
    void aFormattedDirectoryIsNotFormattedAgain() throws IOException {
        Path data = Files.createDirectories(directory.resolve("data"));
        Files.writeString(data.resolve("meta.properties"), "cluster.id=kept\n");

        KafkaStorage.formatOnce(data, clusterId -> fail("formatted again as " + clusterId),
                directory.resolve("format.log"));

        assertEquals("cluster.id=kept\n", Files.readString(data.resolve("meta.properties")));
    }

    @Test
    void aFailedFormatNamesItsLogAndQuotesIt() {
        Path log = directory.resolve("format.log");

        IOException failure = assertThrows(IOException.class, () -> KafkaStorage.formatOnce(
                directory.resolve("data"), clusterId -> List.of("sh", "-c",
                        "echo 'cluster id " + clusterId + " refused'; exit 3"), log));

        assertTrue(failure.getMessage().contains("exit 3"), failure::getMessage);
        assertTrue(failure.getMessage().contains(log.toString()), failure::getMessage);
        assertTrue(failure.getMessage().contains("refused"), failure::getMessage);
    }

    @Test
    void aClusterIdIsSixteenBytesInUrlSafeBase64ThatNoToolTakesForAnOption() {
        for (int i = 0; i < 1_000; i++) {
            String id = KafkaStorage.newClusterId();
            assertTrue(id.matches("[A-Za-z0-9_-]{22}"), id);
            assertFalse(id.startsWith("-"), id);
        }
    }
}
