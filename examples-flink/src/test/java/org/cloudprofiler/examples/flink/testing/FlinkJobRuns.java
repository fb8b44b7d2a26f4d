package org.cloudprofiler.examples.flink.testing;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.testing.OwnLogs;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import org.cloudprofiler.flink.testing.JobLogs;
import org.cloudprofiler.topology.TopologyDescription;

/**
 * A job run as its user runs it, on a local MiniCluster of parallelism {@link #PARALLELISM}:
 * once unprofiled ({@code env.execute}), once profiled ({@code CloudProfilerFlink.profile(env)
 * .execute}), then the profiled run's logs analysed. On local environments of their own rather
 * than a MiniClusterExtension's: the analyzer runs its own job, which a test environment
 * context would refuse.
 *
 * @param operators each operator of the profiled job's stream graph as topology.json names it:
 *     its uid if it has one, else its name (the planner's names carry their node's number,
 *     which differs between two plans of one query)
 * @param unprofiled what the unprofiled run's sink received, and how often
 * @param profiled what the profiled run's sink received, and how often
 * @param topology the profiled run's topology.json
 * @param analysis the analyzer's summary of the profiled run
 */
public record FlinkJobRuns<T>(List<String> operators, Map<T, Long> unprofiled,
        Map<T, Long> profiled, TopologyDescription topology, AnalysisSummary analysis) {

    public static final int PARALLELISM = 2;

    /**
     * Runs the job {@code addTo} adds to an environment, with the sink it is given, unprofiled
     * and then profiled; the analyzer writes into {@code directory}.
     */
    public static <T> FlinkJobRuns<T> run(String jobName,
            BiConsumer<StreamExecutionEnvironment, Sink<T>> addTo, Path directory)
            throws Exception {
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.createLocalEnvironment(PARALLELISM);
        addTo.accept(env, CollectingSink.named(jobName + "-unprofiled"));
        env.execute(jobName);

        env = StreamExecutionEnvironment.createLocalEnvironment(PARALLELISM);
        addTo.accept(env, CollectingSink.named(jobName + "-profiled"));
        // The graph as the job's transformations make it, before profiling takes them.
        List<String> operators = env.getStreamGraph(false).getStreamNodes().stream()
                .sorted(Comparator.comparingInt(StreamNode::getId))
                .map(node -> node.getTransformationUID() != null
                        ? node.getTransformationUID() : node.getOperatorName())
                .toList();
        CloudProfilerFlink.profile(env).execute(jobName);

        TopologyDescription topology = JobLogs.topology();
        List<String> components =
                topology.components().stream().map(TopologyDescription.Component::id).toList();
        return new FlinkJobRuns<>(operators, CollectingSink.received(jobName + "-unprofiled"),
                CollectingSink.received(jobName + "-profiled"), topology,
                OwnLogs.analyse(JobLogs.nodeDirectory(), components, directory));
    }

    /** The ids of the components topology.json lists, in its order. */
    public List<String> components() {
        return topology.components().stream().map(TopologyDescription.Component::id).toList();
    }
}
