package org.cloudprofiler.testing;

import org.cloudprofiler.CloudProfiler;

/** A child JVM that prints the route its per-record native calls took, then exits. */
public final class NativeCallRouteChild {
    private NativeCallRouteChild() {}

    public static void main(String[] args) {
        System.out.println(CloudProfiler.nativeCallRoute());
    }
}
