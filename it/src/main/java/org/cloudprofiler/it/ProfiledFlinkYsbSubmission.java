package org.cloudprofiler.it;

import org.cloudprofiler.flink.profile.CloudProfilerFlink;

/**
 * {@link FlinkYsbSubmission}'s job profiled by the API ({@code CloudProfilerFlink.profile}):
 * profiled on a Flink cluster whose client is not configured to profile every job (the compose
 * cluster's). Arguments as {@link FlinkYsbSubmission}'s.
 */
public final class ProfiledFlinkYsbSubmission {
    private ProfiledFlinkYsbSubmission() {}

    public static void main(String[] args) throws Exception {
        CloudProfilerFlink.profile(FlinkYsbSubmission.environment(ProfiledFlinkYsbSubmission.class,
                args)).executeAsync(args[0]);
    }
}
