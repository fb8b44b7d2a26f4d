package org.cloudprofiler.analyzer;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.cloudprofiler.analyzer.join.TimeSelection;
import org.cloudprofiler.sync.DriftModel;
import org.cloudprofiler.sync.translate.TranslationMethod;

/**
 * Everything {@code cloudprofiler analyze} can be told, with its defaults. Immutable.
 *
 * @param logs log directories (each a {@code CP_LOG_DIR} or one node's directory) or log files:
 *     plain paths of this machine, or URIs of any filesystem Flink has ({@code file://},
 *     {@code hdfs://}, {@code s3://}, ...), which the task managers read too
 * @param sync sync.json, or null: then every event must come from one node
 * @param out where summary.json, hops.csv and report.html go
 * @param referenceNode the node whose clock latencies are expressed on, or null to pick one
 * @param method how clock maps are estimated from sync.json
 * @param driftPpm how much each node's clock rate relative to the reference may vary within a
 *     segment between two sync phases, ppm ({@code --drift-ppm}); every bound includes what
 *     that can cost (docs/design.md, "Drift between phases")
 * @param cluster {@code host:port} of a Flink cluster's REST endpoint, or null for an embedded
 *     MiniCluster
 * @param follow keep reading growing logs and refresh the outputs until every file is closed or
 *     the run is stopped
 * @param refresh how often outputs are refreshed when following
 * @param tupleTimeout how long (event time) a tuple's records are awaited before it is sampled
 *     with what arrived
 * @param parallelism parallelism of the join
 * @param readers parallelism of the source: one reader (the default) interleaves every file by
 *     time, so each tuple's records meet before the shuffle and most tuples never touch keyed
 *     state; more readers help only when decoding, not joining, is the bottleneck
 * @param jars jars to ship to a cluster: the analyzer's classes and its dependencies
 * @param samples a directory for every hop sample ({@code SampleFiles}), or null for none;
 *     created and written by the join's tasks, so on a cluster a path of its task managers
 * @param selection which part of the run the hop statistics take ({@code --from}, {@code --to})
 *     and the window of the latencies over time ({@code --window})
 * @throws IllegalArgumentException naming the option, if there are no logs, a parallelism is
 *     below 1, the refresh is below 1 ms or the cluster is not {@code host:port}
 */
public record AnalyzerOptions(List<String> logs, Path sync, Path out, String referenceNode,
        TranslationMethod method, double driftPpm, String cluster, boolean follow, Duration refresh,
        Duration tupleTimeout, int parallelism, int readers, List<Path> jars, Path samples,
        TimeSelection selection) {

    /** Default of {@link #refresh()}. */
    public static final Duration DEFAULT_REFRESH = Duration.ofSeconds(5);
    /** Default of {@link #tupleTimeout()}. */
    public static final Duration DEFAULT_TUPLE_TIMEOUT = Duration.ofSeconds(10);

    public AnalyzerOptions {
        logs = List.copyOf(logs);
        jars = List.copyOf(jars);
        if (logs.isEmpty()) {
            throw new IllegalArgumentException("give at least one log directory (--logs)");
        }
        if (parallelism < 1) {
            throw new IllegalArgumentException("--parallelism must be at least 1, not "
                    + parallelism);
        }
        if (readers < 1) {
            throw new IllegalArgumentException("--readers must be at least 1, not " + readers);
        }
        if (!(driftPpm >= 0 && driftPpm < 1e6)) {
            throw new IllegalArgumentException("--drift-ppm must be at least 0 and below 10^6,"
                    + " not " + driftPpm);
        }
        if (refresh.toMillis() < 1) {
            throw new IllegalArgumentException("--refresh must be at least 1ms, not " + refresh);
        }
        if (cluster != null) {
            ClusterAddress.parse(cluster);
        }
    }

    /** Options with every default: MINRTT, the default drift, embedded cluster, no follow. */
    public static AnalyzerOptions of(List<Path> logs, Path sync, Path out) {
        return ofLocations(logs.stream().map(Path::toString).toList(), sync, out);
    }

    /** As {@link #of}, for logs given as paths or URIs ({@link #logs()}). */
    public static AnalyzerOptions ofLocations(List<String> logs, Path sync, Path out) {
        return new AnalyzerOptions(logs, sync, out, null, TranslationMethod.MINRTT,
                DriftModel.DEFAULT_DRIFT_PPM, null, false, DEFAULT_REFRESH, DEFAULT_TUPLE_TIMEOUT,
                Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())), 1, List.of(),
                null, TimeSelection.WHOLE_RUN);
    }

    public AnalyzerOptions withReference(String node) {
        return new AnalyzerOptions(logs, sync, out, node, method, driftPpm, cluster, follow,
                refresh, tupleTimeout, parallelism, readers, jars, samples, selection);
    }

    public AnalyzerOptions withMethod(TranslationMethod value) {
        return new AnalyzerOptions(logs, sync, out, referenceNode, value, driftPpm, cluster, follow,
                refresh, tupleTimeout, parallelism, readers, jars, samples, selection);
    }

    public AnalyzerOptions withDriftPpm(double value) {
        return new AnalyzerOptions(logs, sync, out, referenceNode, method, value, cluster, follow,
                refresh, tupleTimeout, parallelism, readers, jars, samples, selection);
    }

    public AnalyzerOptions withCluster(String hostPort, List<Path> shippedJars) {
        return new AnalyzerOptions(logs, sync, out, referenceNode, method, driftPpm, hostPort,
                follow, refresh, tupleTimeout, parallelism, readers, shippedJars, samples,
                selection);
    }

    public AnalyzerOptions withFollow(Duration refreshEvery) {
        return new AnalyzerOptions(logs, sync, out, referenceNode, method, driftPpm, cluster, true,
                refreshEvery, tupleTimeout, parallelism, readers, jars, samples, selection);
    }

    public AnalyzerOptions withTupleTimeout(Duration value) {
        return new AnalyzerOptions(logs, sync, out, referenceNode, method, driftPpm, cluster,
                follow, refresh, value, parallelism, readers, jars, samples, selection);
    }

    public AnalyzerOptions withParallelism(int value) {
        return new AnalyzerOptions(logs, sync, out, referenceNode, method, driftPpm, cluster,
                follow, refresh, tupleTimeout, value, readers, jars, samples, selection);
    }

    public AnalyzerOptions withReaders(int value) {
        return new AnalyzerOptions(logs, sync, out, referenceNode, method, driftPpm, cluster,
                follow, refresh, tupleTimeout, parallelism, value, jars, samples, selection);
    }

    /** Also writes every hop sample into Arrow IPC files in {@code directory}. */
    public AnalyzerOptions withSamples(Path directory) {
        return new AnalyzerOptions(logs, sync, out, referenceNode, method, driftPpm, cluster,
                follow, refresh, tupleTimeout, parallelism, readers, jars, directory, selection);
    }

    public AnalyzerOptions withSelection(TimeSelection value) {
        return new AnalyzerOptions(logs, sync, out, referenceNode, method, driftPpm, cluster,
                follow, refresh, tupleTimeout, parallelism, readers, jars, samples, value);
    }
}
