package org.cloudprofiler.cli.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import org.cloudprofiler.netns.NetworkNamespaces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaClusterTest {
    @TempDir
    Path directory;

    @Test
    void theBrokerAndTheControllerListenOnNodeZerosAddressOnly() {
        ClusterLayout layout = loopbackLayout();
        Properties properties = KafkaCluster.serverProperties(layout, directory.resolve("data"));

        assertEquals("PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093",
                properties.getProperty("listeners"));
        assertEquals("PLAINTEXT://127.0.0.1:9092", properties.getProperty("advertised.listeners"));
        assertEquals("1@127.0.0.1:9093", properties.getProperty("controller.quorum.voters"));
        assertEquals(directory.resolve("data").toString(), properties.getProperty("log.dirs"));
        assertEquals("127.0.0.1:9092", KafkaCluster.bootstrapServers(layout));
    }

    @Test
    void theInternalTopicsAskForNoMoreReplicasThanTheOneBroker() {
        Properties properties = KafkaCluster.serverProperties(loopbackLayout(), directory);

        for (String key : List.of("offsets.topic.replication.factor",
                "transaction.state.log.replication.factor", "transaction.state.log.min.isr",
                "share.coordinator.state.topic.replication.factor",
                "share.coordinator.state.topic.min.isr")) {
            assertEquals("1", properties.getProperty(key), key);
        }
    }

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

    @Test
    void theLogCleanerLeavesMostOfTheSmallHeapToTheServer() {
        Properties properties = KafkaCluster.serverProperties(loopbackLayout(), directory);

        long mapBytes = Long.parseLong(properties.getProperty("log.cleaner.dedupe.buffer.size"));
        assertTrue(mapBytes <= (KafkaCluster.HEAP_MB << 20) / 8, () -> mapBytes + " bytes");
    }

    private ClusterLayout loopbackLayout() {
        NetworkNamespaces network = NetworkNamespaces.loopback(3, "a unit test");
        return new ClusterLayout(network.nodes(), network.hostIp(), directory, directory,
                Path.of("java"));
    }
}
