package org.cloudprofiler.storm.lineage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.Config;
import org.apache.storm.cluster.DaemonType;
import org.apache.storm.shade.org.apache.curator.framework.CuratorFramework;
import org.apache.storm.testing.InProcessZookeeper;
import org.apache.storm.utils.Utils;
import org.apache.storm.zookeeper.ClientZookeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Starts counted in a real ZooKeeper (Storm's in-process one), as the workers of two nodes
 * count them: a task restarted on another node takes an epoch no start before it had.
 */
@Timeout(60) // A guard against a hang only: nothing here is timed.
class ZooKeeperTaskStartsTest {
    private static InProcessZookeeper zooKeeper;

    @BeforeAll
    static void startZooKeeper() throws Exception {
        zooKeeper = new InProcessZookeeper();
        Map<String, Object> conf = conf(zooKeeper.getPort());
        // Nimbus makes the cluster's root when it starts; the counts go under it.
        try (CuratorFramework cluster = ClientZookeeper.mkClient(conf,
                List.of("localhost"), conf.get(Config.STORM_ZOOKEEPER_PORT), "",
                (state, type, path) -> { }, null, DaemonType.NIMBUS)) {
            ClientZookeeper.mkdirs(cluster, (String) conf.get(Config.STORM_ZOOKEEPER_ROOT),
                    null);
        }
    }

    @AfterAll
    static void stopZooKeeper() throws Exception {
        zooKeeper.close();
    }

    @Test
    void starts_of_a_task_on_two_nodes_take_epochs_of_their_own() throws IOException {
        TaskStarts nodeA = new ZooKeeperTaskStarts(conf(zooKeeper.getPort()), "wc-two-nodes");
        TaskStarts nodeB = new ZooKeeperTaskStarts(conf(zooKeeper.getPort()), "wc-two-nodes");
        Set<Long> epochs = new HashSet<>();
        long previous = -1;
        for (int start = 0; start < 16; start++) {
            long attempt = (start % 2 == 0 ? nodeA : nodeB).countStart("split", 4);
            assertTrue(attempt > previous, "attempt " + attempt + " after " + previous);
            assertTrue(epochs.add(attempt % 32), "epoch of attempt " + attempt + " again");
            previous = attempt;
        }
    }

    @Test
    void tasks_and_topologies_count_their_starts_apart() throws IOException {
        TaskStarts wordCount = new ZooKeeperTaskStarts(conf(zooKeeper.getPort()), "wc-apart");
        wordCount.countStart("split", 4);
        wordCount.countStart("split", 4);

        assertEquals(0, wordCount.countStart("split", 5));
        assertEquals(0, new ZooKeeperTaskStarts(conf(zooKeeper.getPort()), "other")
                .countStart("split", 4));
    }

    @Test
    void a_zookeeper_that_does_not_answer_is_an_error_naming_it() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Map<String, Object> conf = conf(closedPort);
        conf.put(Config.STORM_ZOOKEEPER_CONNECTION_TIMEOUT, 500);
        conf.put(Config.STORM_ZOOKEEPER_RETRY_TIMES, 0);

        IOException e = assertThrows(IOException.class,
                () -> new ZooKeeperTaskStarts(conf, "wc").countStart("split", 4));
        assertTrue(e.getMessage().startsWith("ZooKeeper [localhost] did not count the start"
                + " under " + ZooKeeperTaskStarts.ROOT + "/wc/4"), e.getMessage());
    }

    @Test
    void a_configuration_without_servers_names_no_zookeeper() {
        Map<String, Object> conf = conf(2181);
        assertTrue(ZooKeeperTaskStarts.configuredIn(conf));
        conf.remove(Config.STORM_ZOOKEEPER_SERVERS);
        assertFalse(ZooKeeperTaskStarts.configuredIn(conf));
    }

    /** A topology's configuration as a worker sees it: Storm's defaults and the cluster's. */
    private static Map<String, Object> conf(long port) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.STORM_ZOOKEEPER_SERVERS, List.of("localhost"));
        conf.put(Config.STORM_ZOOKEEPER_PORT, (int) port);
        return conf;
    }
}
