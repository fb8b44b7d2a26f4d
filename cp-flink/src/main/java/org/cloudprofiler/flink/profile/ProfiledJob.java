package org.cloudprofiler.flink.profile;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

/**
 * A job to run profiled: what was built on the environment so far, executed like
 * {@code env.execute}, which it replaces. Like {@code env.execute}, executing takes the job's
 * operators off the environment. Handlers and the other {@code cloudprofiler.*} keys come from
 * the environment's configuration (e.g. {@code -Dcloudprofiler.handlers=...} at submission, or
 * Flink's config file); with {@code cloudprofiler.enabled=false} the job runs unprofiled, as
 * written. Not thread-safe.
 */
public final class ProfiledJob {
    private final StreamExecutionEnvironment env;
    private final Map<String, RecordIdExtractor<?>> extractors = new LinkedHashMap<>();

    ProfiledJob(StreamExecutionEnvironment env) {
        this.env = Objects.requireNonNull(env, "env");
    }

    /**
     * How the source with uid (or else name) {@code source} finds its records' tuple ids; needed
     * for sources other than JofSource and a profiled KafkaSource, whose records have no id
     * otherwise (they are counted as missing ids).
     */
    public <T> ProfiledJob withTupleIds(String source, RecordIdExtractor<T> extractor) {
        extractors.put(Objects.requireNonNull(source, "source"),
                Objects.requireNonNull(extractor, "extractor"));
        return this;
    }

    /** Runs the job profiled and waits for it, as {@code env.execute(jobName)}. */
    public JobExecutionResult execute(String jobName) throws Exception {
        return env.execute(streamGraph(jobName));
    }

    /** Submits the job profiled, as {@code env.executeAsync(jobName)}. */
    public JobClient executeAsync(String jobName) throws Exception {
        return env.executeAsync(streamGraph(jobName));
    }

    /**
     * The job's stream graph with every operator profiled, as {@link #execute} submits it.
     *
     * @throws IllegalArgumentException for a {@code cloudprofiler.*} value that cannot be used,
     *     or an extractor for a source the job does not have
     */
    public StreamGraph streamGraph(String jobName) {
        Map<Integer, String> transformationNames = transformationNames();
        StreamGraph graph = env.getStreamGraph();
        if (jobName != null) {
            graph.setJobName(jobName);
        }
        Configuration configuration = new Configuration();
        configuration.addAll((Configuration) env.getConfiguration());
        StreamGraphProfiler.profile(graph, configuration, transformationNames, extractors,
                Thread.currentThread().getContextClassLoader());
        return graph;
    }

    private Map<Integer, String> transformationNames() {
        Map<Integer, String> names = new HashMap<>();
        Deque<Transformation<?>> pending = new ArrayDeque<>(env.getTransformations());
        while (!pending.isEmpty()) {
            Transformation<?> transformation = pending.pop();
            if (names.putIfAbsent(transformation.getId(), transformation.getName()) == null) {
                pending.addAll(transformation.getInputs());
            }
        }
        return names;
    }
}
