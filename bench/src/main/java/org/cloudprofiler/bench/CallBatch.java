package org.cloudprofiler.bench;

import org.cloudprofiler.CloudProfiler;

/** How many calls one benchmark invocation makes, so each timed sample spans many clock ticks. */
final class CallBatch {
    /**
     * Calls per invocation. SampleTime reads {@code System.nanoTime()} around every sampled
     * invocation; that read costs about as much as one {@code logTS} here and is only as fine as
     * the clock, so a sample of a single ~20 ns call would mostly measure the timer. Over 1000
     * calls both vanish and the per-call median JMH reports is meaningful.
     */
    static final int CALLS = 1000;

    private CallBatch() {}

    /**
     * One batch of {@code logTS(channel, id)} calls, ids {@code firstTupleId} to
     * {@code firstTupleId + CALLS - 1}.
     *
     * @return the calls accepted
     */
    static int logTS(long channel, long firstTupleId) {
        long tupleId = firstTupleId;
        int accepted = 0;
        for (int i = 0; i < CALLS; i++) {
            accepted += CloudProfiler.logTS(channel, tupleId++) ? 1 : 0;
        }
        return accepted;
    }

    /** One batch of {@code readTsc()} calls; their sum, so that none is optimized away. */
    static long readTsc() {
        long sum = 0;
        for (int i = 0; i < CALLS; i++) {
            sum += CloudProfiler.readTsc();
        }
        return sum;
    }
}
