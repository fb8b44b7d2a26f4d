package org.cloudprofiler.bench;

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
}
