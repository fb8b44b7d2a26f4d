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
 * One MiniCluster for every run of a benchmark: one TaskManager with two slots. An ingestion
 * run is a job of a source and the counting sink, each with parallelism 1 and not chained, so
 * that each runs on a thread of its own and every record crosses a network channel (serialized,
 * as between TaskManagers, though it stays in the JVM); other jobs are built on {@link
 * #environment} and submitted as they are. Not thread-safe.
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
            StreamExecutionEnvironment env = environment(new Configuration());
            env.fromSource(source, WatermarkStrategy.noWatermarks(), runId).setParallelism(1)
                    .sinkTo(new CountingDiscardingSink<>(runId)).setParallelism(1)
                    .disableChaining();
            StreamGraph graph = env.getStreamGraph();
            graph.setJobName(runId);
            return new Run(runId, submit(graph), tally);
        } catch (Exception | Error e) {
            RunTally.close(runId);
            throw e;
        }
    }

    /** An environment with {@code config} and this cluster's buffer timeout, to build a job on. */
    StreamExecutionEnvironment environment(Configuration config) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setBufferTimeout(bufferTimeoutMs);
        return env;
    }

    /** Submits {@code graph} and returns once the cluster accepted it. */
    Job submit(StreamGraph graph) throws Exception {
        JobID id = cluster.submitJob(graph).get(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS)
                .getJobID();
        return new Job(id);
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }

    /** A submitted job; closing it cancels the job unless it ended, and waits for its end. */
    final class Job implements AutoCloseable {
        private final JobID id;

        private Job(JobID id) {
            this.id = id;
        }

        @Override
        public void close() throws Exception {
            JobStatus status = cluster.getJobStatus(id).get(JOB_TIMEOUT.toSeconds(),
                    TimeUnit.SECONDS);
            if (!status.isGloballyTerminalState()) {
                try {
                    cluster.cancelJob(id).get(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                } catch (ExecutionException endedMeanwhile) {
                    // A bounded job may finish between the two calls; its result says.
                }
            }
            // Its tasks, and the sources' connections and receivers, are gone after this.
            cluster.requestJobResult(id).get(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    /** A submitted job and its tally; closing it closes the job and forgets the tally. */
    final class Run implements AutoCloseable {
        private final String runId;
        private final Job job;
        private final RunTally tally;

        private Run(String runId, Job job, RunTally tally) {
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
                job.close();
            } finally {
                RunTally.close(runId);
            }
        }
    }
}
