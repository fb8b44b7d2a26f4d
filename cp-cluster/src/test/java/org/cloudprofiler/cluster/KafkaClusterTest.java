package org.cloudprofiler.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
