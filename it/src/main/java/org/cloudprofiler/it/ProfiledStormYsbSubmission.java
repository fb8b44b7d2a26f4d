package org.cloudprofiler.it;

import org.cloudprofiler.examples.ysb.YsbTopology;

/**
 * {@link StormYsbSubmission}'s topology built with {@code ProfiledTopologyBuilder} ({@link
 * YsbTopology#profiled}): profiled on a Storm cluster that is not configured to profile every
 * topology (the compose cluster's). Arguments as {@link StormYsbSubmission}'s.
 */
public final class ProfiledStormYsbSubmission {
    private ProfiledStormYsbSubmission() {}

    public static void main(String[] args) throws Exception {
        StormYsbSubmission.submit(ProfiledStormYsbSubmission.class, args, YsbTopology::profiled);
    }
}
