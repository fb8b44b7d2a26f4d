package org.cloudprofiler.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.generator.Generator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The profiled YSB on the compose cluster, one engine per suite, as docs/cluster.md runs it:
 * start the cluster (the sync server takes the start phase), submit the job from the engine's
 * master, feed it from the generator's node at the receivers' hosts read from topology.json,
 * wait for the run's end, take the end phase, analyse the engine's logs. The report must show
 * remote hops, each with bounded samples and a bound above zero (the nodes' clocks are
 * translated, not assumed equal), and no violation.
 */
abstract class ProfiledYsbOnComposeSuite {
    static final long SEED = 3;
    /** Where the submission's files are copied to in the master, under their own names. */
    static final String IN_CONTAINER = "/tmp";
    static final String JAR_IN_CONTAINER = IN_CONTAINER + "/ysb-cluster.jar";
    static final String CAMPAIGNS = "ysb-campaigns.txt";
    static final String CAMPAIGNS_IN_CONTAINER = IN_CONTAINER + "/" + CAMPAIGNS;

    @TempDir
    Path directory;

    private final String engineLogs;
    private final String master;

    /**
     * @param engine the engine's directory on the log volume ({@code storm}, {@code flink})
     * @param master the service that submits: Storm's nimbus, Flink's jobmanager
     */
    ProfiledYsbOnComposeSuite(String engine, String master) {
        this.engineLogs = ComposeCluster.LOGS + "/" + engine;
        this.master = master;
    }

    /** The engine's log directory on the volume, e.g. {@code /cloudprofiler-logs/storm}. */
    final String engineLogs() {
        return engineLogs;
    }

    final String master() {
        return master;
    }

    /** Submits the job under {@code name} from {@link #master()}. */
    abstract void submit(ComposeCluster cluster, String name) throws Exception;

    /** The endpoint of each receiver, given the hosts of the source's tasks in task order. */
    abstract List<String> endpoints(List<String> sourceHosts);

    /** Waits until the run is over and every channel is flushed. */
    abstract void awaitRunEnd(ComposeCluster cluster, String name) throws Exception;

    @Test
    void theReportShowsRemoteHopsWithBoundsFromEveryNodesClock() throws Exception {
        Path campaigns = directory.resolve(CAMPAIGNS);
        // Drawn here: the generator's library needs ZeroMQ, which the engines' images lack.
        CampaignTable.write(Generator.ysbAdCampaigns(SEED), campaigns);
        try (ComposeCluster cluster = ComposeCluster.start()) {
            cluster.copy(ComposeCluster.submissionJar(), master(), IN_CONTAINER);
            cluster.copy(campaigns, master(), IN_CONTAINER);
            String name = "ysb-compose";
            submit(cluster, name);
            List<String> hosts = cluster.taskHosts(engineLogs(), YsbStages.EVENTS);
            cluster.generate(engineLogs(), SEED, endpoints(hosts));
            awaitRunEnd(cluster, name);
            cluster.endSyncSession();
            assertRemoteHopsBounded(cluster.analyze(engineLogs()));
        }
    }

    private static void assertRemoteHopsBounded(JsonNode summary) {
        assertTrue(summary.path("synchronizedClocks").asBoolean(), "sync.json was not used");
        assertEquals(0, summary.path("violations").size(), () -> "violations: "
                + summary.path("violations"));
        List<String> remote = new ArrayList<>();
        for (JsonNode hop : summary.path("hops")) {
            if ("REMOTE".equals(hop.path("locality").asText())
                    && "TRANSFER".equals(hop.path("kind").asText())) {
                remote.add(hop.path("hop").asText());
                assertTrue(hop.path("boundedSamples").asLong() > 0, () -> hop.path("hop")
                        + " has no bounded sample: " + hop);
                assertTrue(hop.path("boundNs").path("max").asDouble() > 0, () -> hop.path("hop")
                        + " crosses nodes with a bound of 0: " + hop);
            }
        }
        assertFalse(remote.isEmpty(), "no hop crossed nodes; hops: " + summary.path("hops"));
    }
}
