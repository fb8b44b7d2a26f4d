package org.cloudprofiler.flink.profile;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;

/**
 * The Flink-only configuration of profiling by configuration ({@code execution.target:
 * cloudprofiler}, docs/flink.md); the keys both engines read are {@code CpOptions}'. Constants
 * only, so thread-safe.
 */
public final class CloudProfilerFlinkOptions {

    /**
     * The {@code execution.target} (and {@code flink run -t}) that profiles every job submitted
     * through it, then submits it through {@link #EXECUTION_TARGET}.
     */
    public static final String TARGET = "cloudprofiler";

    /** Where a job profiled by {@link #TARGET} is submitted: Flink's own target of that name. */
    public static final ConfigOption<String> EXECUTION_TARGET =
            ConfigOptions.key("cloudprofiler.execution.target").stringType()
                    .defaultValue("remote")
                    .withDescription("The execution.target a job is submitted through once the"
                            + " 'cloudprofiler' target has profiled it: remote (a session"
                            + " cluster), local (a MiniCluster in the client's JVM), or any other"
                            + " target Flink's executors know.");

    private CloudProfilerFlinkOptions() {}

    /**
     * {@code configuration} with {@code execution.target} set to {@link #EXECUTION_TARGET}'s
     * value: what Flink's own executor and client factories are looked up and run with.
     *
     * @throws IllegalArgumentException if that value is {@link #TARGET} itself
     */
    static Configuration delegateConfiguration(Configuration configuration) {
        String target = configuration.get(EXECUTION_TARGET);
        if (TARGET.equalsIgnoreCase(target)) {
            throw new IllegalArgumentException(EXECUTION_TARGET.key() + " is '" + target
                    + "', the profiling target itself: set it to the target jobs are submitted"
                    + " through, e.g. remote");
        }
        Configuration delegate = new Configuration(configuration);
        delegate.set(DeploymentOptions.TARGET, target);
        return delegate;
    }
}
