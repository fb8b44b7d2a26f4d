package org.cloudprofiler.flink.profile;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Profiles a Flink job in code. On a cluster no code is needed: {@code execution.target:
 * cloudprofiler} profiles every job submitted ({@link ProfilingExecutorFactory},
 * docs/flink.md). In code, either one call in place of {@code env.execute(name)}:
 *
 * <pre>{@code
 * CloudProfilerFlink.profile(env).execute("ysb");
 * }</pre>
 *
 * <p>or, for a local run of a job that executes itself ({@code tableEnv.executeSql("INSERT
 * ...")}, {@code env.execute()}), a local environment that profiles whatever it executes:
 *
 * <pre>{@code
 * StreamExecutionEnvironment env = CloudProfilerFlink.localEnvironment();
 * }</pre>
 *
 * <p>Every operator of the job, user functions and Table/SQL planner operators alike, logs its
 * records at the probe points (docs/flink.md); handlers follow the {@code cloudprofiler.*} keys of
 * the Flink configuration, as for Storm.
 */
public final class CloudProfilerFlink {

    private CloudProfilerFlink() {}

    /** The job built on {@code env} so far, to run profiled. */
    public static ProfiledJob profile(StreamExecutionEnvironment env) {
        return new ProfiledJob(env);
    }

    /**
     * A local environment, as {@code StreamExecutionEnvironment.createLocalEnvironment()}, that
     * profiles every job it executes, whichever way: {@code env.execute}, a table environment
     * made on it ({@code executeSql}, {@code insertInto(...).execute()}), a statement set.
     */
    public static StreamExecutionEnvironment localEnvironment() {
        return localEnvironment(new Configuration());
    }

    /**
     * {@link #localEnvironment()} with {@code configuration} (e.g. the parallelism, the
     * {@code cloudprofiler.*} keys).
     */
    public static StreamExecutionEnvironment localEnvironment(Configuration configuration) {
        Configuration local = new Configuration(configuration);
        local.set(DeploymentOptions.TARGET, CloudProfilerFlinkOptions.TARGET);
        local.set(CloudProfilerFlinkOptions.EXECUTION_TARGET, "local");
        // As Flink's own local environment: a MiniCluster lives as long as its job's client.
        local.set(DeploymentOptions.ATTACHED, true);
        if (!local.contains(CoreOptions.DEFAULT_PARALLELISM)) {
            local.set(CoreOptions.DEFAULT_PARALLELISM,
                    StreamExecutionEnvironment.getDefaultLocalParallelism());
        }
        return new StreamExecutionEnvironment(local);
    }
}
