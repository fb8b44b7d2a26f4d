package org.cloudprofiler.it;

import java.util.ArrayList;
import java.util.List;

/**
 * The YSB topology built to be profiled ({@link ProfiledStormYsbSubmission}: the compose
 * cluster's Nimbus is not configured to profile every topology) on the compose cluster's Storm:
 * submitted with {@code storm jar} from nimbus; Storm's default scheduler spreads its two
 * workers over the two supervisors.
 */
@RequiresDockerEngine(coveredWithoutDockerBy = "DemoITCase (it: make demo's script, the"
        + " profiled YSB on a multi-process Storm cluster over three nodes in network"
        + " namespaces, fed by the generator, synced, every remote hop bounded) and"
        + " SyncGroundTruthITCase (cp-native: sync agents in network namespaces, bounds against"
        + " ground truth)")
class StormOnComposeClusterITCase extends ProfiledYsbOnComposeSuite {

    StormOnComposeClusterITCase() {
        super("storm", "nimbus");
    }

    @Override
    void submit(ComposeCluster cluster, String name) throws Exception {
        cluster.exec(master(), "storm", "jar", JAR_IN_CONTAINER,
                ProfiledStormYsbSubmission.class.getName(), name, CAMPAIGNS_IN_CONTAINER);
    }

    @Override
    List<String> endpoints(List<String> sourceHosts) {
        List<String> endpoints = new ArrayList<>();
        for (int task = 0; task < sourceHosts.size(); task++) {
            endpoints.add("tcp://" + sourceHosts.get(task) + ":"
                    + (StormYsbSubmission.BASE_PORT + task));
        }
        return endpoints;
    }

    /**
     * Each JofSpout task leaves its drops.json once the generator's end-of-run markers are in;
     * then the kill's deactivation lets the pills through, and the workers' exit flushes every
     * channel.
     */
    @Override
    void awaitRunEnd(ComposeCluster cluster, String name) throws Exception {
        ComposeCluster.await("every JofSpout task's drops.json", () ->
                cluster.find(engineLogs(), "drops.json").size()
                        == StormYsbSubmission.SPOUT_TASKS ? true : null);
        cluster.exec(master(), "storm", "kill", name, "-w", "30");
        ComposeCluster.await(name + " gone from storm list", () ->
                cluster.exec(master(), "storm", "list").contains(name) ? null : true);
    }
}
