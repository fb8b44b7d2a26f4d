package org.cloudprofiler.storm.lineage;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.cluster.DaemonType;
import org.apache.storm.shade.org.apache.curator.framework.CuratorFramework;
import org.apache.storm.shade.org.apache.zookeeper.CreateMode;
import org.apache.storm.zookeeper.ClientZookeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The starts of a Storm task counted across the whole cluster, in the ZooKeeper its workers
 * already use: each start creates an ephemeral sequential node under
 * {@code <storm.zookeeper.root>/cloudprofiler/task-starts/<topology>/<task>} and takes its
 * sequence number as its attempt, wherever the task runs. The node goes with the session, which
 * closes at once; the sequence goes on (ZooKeeper numbers a parent's children by its changes,
 * a start's creation and its removal), so the first 16 starts of a task always have epochs of
 * their own, whichever nodes they run on. The counting goes on across runs of a topology name,
 * leaving one empty node per task in ZooKeeper.
 */
public final class ZooKeeperTaskStarts implements TaskStarts {
    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperTaskStarts.class);

    /** Where the counts are, under the cluster's {@code storm.zookeeper.root}. */
    public static final String ROOT = "/cloudprofiler/task-starts";

    private final Map<String, Object> topologyConf;
    private final String topologyName;

    /**
     * The starts of the tasks of topology {@code topologyName}, in the ZooKeeper
     * {@code topologyConf} names (the cluster's configuration, merged into every topology's).
     */
    public ZooKeeperTaskStarts(Map<String, Object> topologyConf, String topologyName) {
        this.topologyConf = topologyConf;
        this.topologyName = topologyName;
    }

    /** Whether {@code topologyConf} names a ZooKeeper to count in. */
    public static boolean configuredIn(Map<String, Object> topologyConf) {
        return topologyConf.get(Config.STORM_ZOOKEEPER_SERVERS) instanceof List<?> servers
                && !servers.isEmpty() && topologyConf.get(Config.STORM_ZOOKEEPER_PORT) != null;
    }

    /** This start's sequence number among the task's starts in the cluster. */
    @Override
    public long countStart(String componentId, int taskId) throws IOException {
        String parent = ROOT + "/" + topologyName + "/" + taskId;
        @SuppressWarnings("unchecked")
        List<String> servers = (List<String>) topologyConf.get(Config.STORM_ZOOKEEPER_SERVERS);
        CuratorFramework zooKeeper = ClientZookeeper.mkClient(topologyConf, servers,
                topologyConf.get(Config.STORM_ZOOKEEPER_PORT),
                String.valueOf(topologyConf.get(Config.STORM_ZOOKEEPER_ROOT)),
                (state, type, path) -> { }, topologyConf, DaemonType.WORKER);
        // Curator warns of every state change nobody listens to; the session's are routine.
        ClientZookeeper.addListener(zooKeeper,
                (client, state) -> LOG.debug("ZooKeeper session for task starts: {}", state));
        try {
            String created = ClientZookeeper.createNode(zooKeeper, parent + "/start-",
                    new byte[0], CreateMode.EPHEMERAL_SEQUENTIAL,
                    DaemonType.WORKER.getDefaultZkAcls(topologyConf));
            return Long.parseLong(created.substring(created.lastIndexOf('-') + 1));
        } catch (RuntimeException e) {
            throw new IOException("ZooKeeper " + servers + " did not count the start under "
                    + parent + " (" + rootCause(e) + ")", e);
        } finally {
            zooKeeper.close();
        }
    }

    private static String rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }
}
