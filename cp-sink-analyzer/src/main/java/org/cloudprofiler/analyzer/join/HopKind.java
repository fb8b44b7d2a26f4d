package org.cloudprofiler.analyzer.join;

/** What a hop measures. */
public enum HopKind {
    /** From an upstream task's {@code out} to a downstream task's {@code in}: the edge. */
    TRANSFER,
    /**
     * From an operator's {@code out} to the next operator's {@code in} within one task thread
     * (a chained edge of topology.json): a method call, not a transfer.
     */
    CHAINED,
    /** From a task's {@code in} to its {@code out}: the operator's own work. */
    COMPUTE,
    /** From a source's {@code in} to a sink's {@code in}: the whole way through. */
    END_TO_END
}
