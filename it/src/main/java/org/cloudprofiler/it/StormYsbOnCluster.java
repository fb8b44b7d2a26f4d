package org.cloudprofiler.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import org.cloudprofiler.cluster.ClusterLayout;
import org.cloudprofiler.cluster.LocalCluster;
import org.cloudprofiler.cluster.Polling;
import org.cloudprofiler.cluster.Polling.Observation;
import org.cloudprofiler.cluster.StormClient;
import org.cloudprofiler.cluster.StormCluster;

/**
 * {@link StormYsbSubmission} on the local cluster's Storm. A topology runs until killed: each
 * JofSpout task leaves its drops.json once the generator's end-of-run markers are in; then the
 * kill's deactivation lets the poison pills through, and the workers' exit flushes every channel.
 */
final class StormYsbOnCluster implements ClusterYsbEngine {
    private static final Duration CLIENT_WAIT = Duration.ofMinutes(2);
    /** As {@code storm kill -w}: the spouts are deactivated this long before the workers go. */
    private static final Duration DEACTIVATED = Duration.ofSeconds(5);
    private static final Duration POLL = Duration.ofMillis(250);

    @Override
    public String name() {
        return StormCluster.NAME;
    }

    @Override
    public void submit(LocalCluster cluster, Path jar, String jobName, Path campaigns)
            throws Exception {
        ClusterLayout layout = cluster.layout();
        cluster.run(new StormCluster().submission(layout, jar, StormYsbSubmission.class.getName(),
                List.of(jobName, campaigns.toString())).orElseThrow(), CLIENT_WAIT);
    }

    @Override
    public int receiverPort(int task) {
        return StormYsbSubmission.BASE_PORT + task;
    }

    @Override
    public void awaitEnd(LocalCluster cluster, String jobName, Duration wait) throws Exception {
        ClusterLayout layout = cluster.layout();
        Path logs = layout.logDirectory(name());
        Polling.await("not every JofSpout task wrote its drops.json", wait, POLL, () -> {
            long written = dropsFiles(logs);
            return written == StormYsbSubmission.SPOUT_TASKS ? Observation.found(written)
                    : Observation.notYet(written + " of " + StormYsbSubmission.SPOUT_TASKS);
        });
        StormClient.killAndAwaitWorkers(cluster, jobName, DEACTIVATED, wait);
    }

    private static long dropsFiles(Path logs) throws IOException {
        if (!Files.isDirectory(logs)) {
            return 0;
        }
        try (Stream<Path> files = Files.find(logs, Integer.MAX_VALUE,
                (file, attributes) -> file.getFileName().toString().equals("drops.json"))) {
            return files.count();
        }
    }

    @Override
    public void cancel(LocalCluster cluster, String jobName) throws Exception {
        StormClient.killAndAwaitWorkers(cluster, jobName, Duration.ZERO, CLIENT_WAIT);
    }
}
