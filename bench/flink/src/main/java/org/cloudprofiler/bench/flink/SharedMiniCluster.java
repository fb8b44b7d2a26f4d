package org.cloudprofiler.bench.flink;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.cloudprofiler.bench.ingestion.RunTally;

/**
 * One MiniCluster for every run of the benchmark: one TaskManager with a slot per task, each run
 * a job of a source and the counting sink, each with parallelism 1 and not chained, so that each
 * runs on a thread of its own and every record crosses a network channel (serialized, as
 * between TaskManagers, though it stays in the JVM). Not thread-safe.
 */
final class SharedMiniCluster implements AutoCloseable {
    // Deploying and cancelling a job takes a few seconds on a busy machine.
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(90);

    private final MiniCluster cluster;
    private final long bufferTimeoutMs;
    private final AtomicInteger runs = new AtomicInteger();

    private SharedMiniCluster(MiniCluster cluster, long bufferTimeoutMs) {
        this.cluster = cluster;
        this.bufferTimeoutMs = bufferTimeoutMs;
    }

    /**
     * @param bufferTimeoutMs how long a partly filled network buffer may wait before it is sent
     *     (Flink's {@code execution.buffer-timeout}, 100 ms by default): the last records of an
     *     unbounded source's run wait up to this long
     */
    static SharedMiniCluster start(long bufferTimeoutMs) throws Exception {
        Configuration config = new Configuration();
        // No web UI and no fixed port: the cluster is for this JVM only.
        config.set(RestOptions.BIND_PORT, "0");
        MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(config).setNumTaskManagers(1).setNumSlotsPerTaskManager(2)
                .build());
        cluster.start();
        return new SharedMiniCluster(cluster, bufferTimeoutMs);
    }

    /** A run id unique in this JVM, e.g. {@code jof-raw-3}. */
    String newRunId(String source) {
        return source + "-" + runs.incrementAndGet();
    }

    /**
     * Opens the run's tally and submits {@code source} → the counting sink as job {@code runId}.
     */
    <T> Run submit(String runId, Source<T, ?, ?> source) throws Exception {
        RunTally tally = RunTally.open(runId);
        try {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setBufferTimeout(bufferTimeoutMs);
            env.fromSource(source, WatermarkStrategy.noWatermarks(), runId).setParallelism(1)
                    .sinkTo(new CountingDiscardingSink<>(runId)).setParallelism(1)
                    .disableChaining();
            StreamGraph job = env.getStreamGraph();
            job.setJobName(runId);
            JobID id = cluster.submitJob(job).get(
                    JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS).getJobID();
            return new Run(runId, id, tally);
        } catch (Exception | Error e) {
            RunTally.close(runId);
            throw e;
        }
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }

    /** A submitted job; closing it cancels the job unless it ended, and forgets its tally. */
    final class Run implements AutoCloseable {
        private final String runId;
        private final JobID job;
        private final RunTally tally;

        private Run(String runId, JobID job, RunTally tally) {
            this.runId = runId;
            this.job = job;
            this.tally = tally;
        }

        RunTally tally() {
            return tally;
        }

        @Override
        public void close() throws Exception {
            try {
                JobStatus status = cluster.getJobStatus(job).get(JOB_TIMEOUT.toSeconds(),
                        TimeUnit.SECONDS);
                if (!status.isGloballyTerminalState()) {
                    try {
                        cluster.cancelJob(job).get(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                    } catch (ExecutionException endedMeanwhile) {
                        // A bounded job may finish between the two calls; its result says.
                    }
                }
                // Its tasks, and the sources' connections and receivers, are gone after this.
                cluster.requestJobResult(job).get(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            } finally {
                RunTally.close(runId);
            }
        }
    }
}
