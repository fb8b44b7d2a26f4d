package org.cloudprofiler.it;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.cloudprofiler.cluster.FlinkClient;
import org.cloudprofiler.cluster.FlinkCluster;
import org.cloudprofiler.cluster.LocalCluster;

/**
 * {@link FlinkYsbSubmission} on the local cluster's Flink: submitted detached through Flink's
 * client; bounded, so the job finishes by itself after the generator's end-of-run markers, each
 * subtask closing its channels as it finishes.
 */
final class FlinkYsbOnCluster implements ClusterYsbEngine {
    private static final Duration SUBMISSION_WAIT = Duration.ofMinutes(2);

    @Override
    public String name() {
        return FlinkCluster.NAME;
    }

    @Override
    public void submit(LocalCluster cluster, Path jar, String jobName, Path campaigns)
            throws Exception {
        cluster.run(FlinkClient.submission(cluster.layout(), jar,
                FlinkYsbSubmission.class.getName(), List.of(jobName, campaigns.toString())),
                SUBMISSION_WAIT);
    }

    @Override
    public int receiverPort(int task) {
        return FlinkYsbSubmission.BASE_PORT + task;
    }

    @Override
    public void awaitEnd(LocalCluster cluster, String jobName, Duration wait) throws Exception {
        String state = FlinkClient.awaitEnd(cluster.layout(), jobName, wait);
        if (!"FINISHED".equals(state)) {
            throw new IOException("Flink job " + jobName + " ended " + state + ", not FINISHED;"
                    + " see the TaskManagers' logs in " + cluster.layout().directory()
                    .resolve("processes"));
        }
    }

    @Override
    public void cancel(LocalCluster cluster, String jobName) throws Exception {
        FlinkClient.cancel(cluster.layout(), jobName);
    }
}
