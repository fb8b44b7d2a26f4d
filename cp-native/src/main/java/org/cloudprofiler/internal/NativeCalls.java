package org.cloudprofiler.internal;

import org.cloudprofiler.NativeCallRoute;

/**
 * The per-record calls into the native core, by one {@link NativeCallRoute}. Each method is that
 * of {@code org.cloudprofiler.CloudProfiler} of the same name, with the same contract (threading,
 * results, what is counted); an implementation only carries the call across.
 */
public interface NativeCalls {

    /** The route these calls take. */
    NativeCallRoute route();

    /** {@code CloudProfiler.logTS(channel, tupleId)}. */
    boolean logTS(long channel, long tupleId);

    /** {@code CloudProfiler.logTS(channel, tupleId, tsc)}. */
    boolean logTSAt(long channel, long tupleId, long tsc);

    /** {@code CloudProfiler.logTSStamped(channel, tupleId)}. */
    long logTSStamped(long channel, long tupleId);

    /** {@code CloudProfiler.readTsc()}. */
    long readTsc();
}
