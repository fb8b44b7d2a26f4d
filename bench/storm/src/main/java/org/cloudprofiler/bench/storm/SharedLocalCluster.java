package org.cloudprofiler.bench.storm;

import java.time.Duration;

import org.apache.storm.LocalCluster;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.topology.IRichSpout;
import org.cloudprofiler.bench.ingestion.RunTally;

/**
 * One LocalCluster for a whole benchmark, running one ingestion topology at a time: each run
 * submits a fresh topology under a unique name and kills it afterwards, so no run starts with
 * another's leftovers and none pays for a cluster start. Not thread-safe.
 */
// Closing waits for Storm or Kafka and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
final class SharedLocalCluster implements AutoCloseable {
    private static final Duration GONE_TIMEOUT = Duration.ofSeconds(60);
    private static final long POLL_MS = 20;

    private final LocalCluster cluster;
    private final TopologyShape shape;
    private int runs;

    private SharedLocalCluster(LocalCluster cluster, TopologyShape shape) {
        this.cluster = cluster;
        this.shape = shape;
    }

    static SharedLocalCluster start(TopologyShape shape) throws Exception {
        return new SharedLocalCluster(new LocalCluster(), shape);
    }

    TopologyShape shape() {
        return shape;
    }

    /** A run id no earlier run of this cluster had, e.g. {@code kafka-3}; also the name. */
    String newRunId(String source) {
        return source + "-" + ++runs;
    }

    /**
     * Opens the run's tally and submits {@code spout} → null bolt under {@code runId}. Close
     * the returned run to kill the topology.
     */
    Run submit(String runId, IRichSpout spout) throws Exception {
        RunTally tally = RunTally.open(runId);
        try {
            cluster.submitTopology(runId, shape.config(), shape.topology(spout, runId));
        } catch (Exception | Error e) {
            RunTally.close(runId);
            throw e;
        }
        return new Run(runId, tally);
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }

    /**
     * Kills topology {@code name} at once and waits until it has left {@code cluster}, so the
     * next run starts without its leftovers.
     *
     * @throws IllegalStateException if it is still there a minute later
     */
    static void killAndAwaitGone(LocalCluster cluster, String name) throws Exception {
        KillOptions now = new KillOptions();
        now.set_wait_secs(0);
        cluster.killTopologyWithOpts(name, now);
        long deadline = System.nanoTime() + GONE_TIMEOUT.toNanos();
        while (cluster.getTopologySummaries().stream()
                .anyMatch(summary -> summary.get_name().equals(name))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("topology " + name + " was still there "
                        + GONE_TIMEOUT.toSeconds() + " s after it was killed");
            }
            Thread.sleep(POLL_MS);
        }
    }

    /** A submitted topology; {@link #close} kills it and waits until it is gone. */
    final class Run implements AutoCloseable {
        private final String runId;
        private final RunTally tally;

        private Run(String runId, RunTally tally) {
            this.runId = runId;
            this.tally = tally;
        }

        String id() {
            return runId;
        }

        RunTally tally() {
            return tally;
        }

        @Override
        public void close() throws Exception {
            try {
                killAndAwaitGone(cluster, runId);
            } finally {
                RunTally.close(runId);
                JofGaugeReporter.forget(runId);
            }
        }
    }
}
