package org.cloudprofiler.flink.profile;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Profiles a Flink job with one call, in place of {@code env.execute(name)}:
 *
 * <pre>{@code
 * CloudProfilerFlink.profile(env).execute("ysb");
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
}
