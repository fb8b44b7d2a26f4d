package org.cloudprofiler.storm;

/**
 * A spout that knows when its input is used up (a bounded test source; JofSpout once the
 * generator has finished). Asked on the spout task's executor thread, after each
 * {@code nextTuple}.
 */
public interface FiniteSpout {

    /** Whether the spout has emitted everything it will ever emit. */
    boolean isExhausted();
}
