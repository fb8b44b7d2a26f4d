package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --cluster}: the same job submitted through the REST endpoint of a running Flink
 * cluster (a MiniCluster with its REST server, started here) gives the same numbers.
 */
class ClusterSubmissionITCase {

    @TempDir
    Path directory;

    @Test
    void submitsToARunningClusterThroughItsRestEndpoint() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, 300, "node-a", LongUnaryOperator.identity());
        Configuration configuration = new Configuration();
        configuration.set(RestOptions.BIND_PORT, "0");
        try (MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(configuration).setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(2).build())) {
            cluster.start();
            URI rest = cluster.getRestAddress().get();

            AnalysisSummary summary = GoldenNumbersITCase.analyze(AnalyzerOptions.of(
                    List.of(logs), null, directory.resolve("out"))
                    .withCluster(rest.getHost() + ":" + rest.getPort(), List.of()));

            assertEquals(300, summary.tuples().complete());
            assertEquals(300, GoldenNumbersITCase.row(summary, "spout -> sink", "LOCAL")
                    .boundedSamples());
            assertEquals(1, cluster.listJobs().get().size());
        }
    }
}
