package org.cloudprofiler.it;

import java.util.ArrayList;
import java.util.List;

/**
 * The YSB job profiled by the API ({@link ProfiledFlinkYsbSubmission}: the compose cluster's
 * client is not configured to profile every job) on the compose cluster's Flink: submitted
 * detached with {@code flink run} from the jobmanager, which spreads its slots over the two
 * TaskManagers ({@code taskmanager.load-balance.mode: SLOTS}); the bounded JofSource ends it.
 */
@RequiresDockerEngine(coveredWithoutDockerBy = "DemoITCase (it: make demo's script, the"
        + " profiled YSB on a multi-process Flink cluster over three nodes in network"
        + " namespaces, fed by the generator, synced, every remote hop bounded) and"
        + " SyncGroundTruthITCase (cp-native: sync agents in network namespaces, bounds against"
        + " ground truth)")
class FlinkOnComposeClusterITCase extends ProfiledYsbOnComposeSuite {

    FlinkOnComposeClusterITCase() {
        super("flink", "jobmanager");
    }

    @Override
    void submit(ComposeCluster cluster, String name) throws Exception {
        cluster.exec(master(), "flink", "run", "-d", "-c",
                ProfiledFlinkYsbSubmission.class.getName(), JAR_IN_CONTAINER, name,
                CAMPAIGNS_IN_CONTAINER);
    }

    /** Receiver {@code r} is bound by source subtask {@code r} (JofSplitEnumerator). */
    @Override
    List<String> endpoints(List<String> sourceHosts) {
        List<String> endpoints = new ArrayList<>();
        for (int receiver = 0; receiver < FlinkYsbSubmission.PARALLELISM; receiver++) {
            endpoints.add("tcp://" + sourceHosts.get(receiver) + ":"
                    + (FlinkYsbSubmission.BASE_PORT + receiver));
        }
        return endpoints;
    }

    @Override
    void awaitRunEnd(ComposeCluster cluster, String name) throws Exception {
        ComposeCluster.await(name + " finished", () -> cluster.exec(master(), "flink", "list",
                "-a").lines().anyMatch(line -> line.contains(" : " + name + " (FINISHED)"))
                ? true : null);
    }
}
