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
    END_TO_END,
    /**
     * From the release of the watermark that fired an operator's output (a window's result),
     * at the tasks upstream that generated it, to that output's {@code in} at a sink: a
     * window's results end to end (docs/design.md, "Watermarks: when a window's results were
     * released").
     */
    WATERMARK;

    /** Whether a hop of kind {@code kind} (a name) runs the whole way to a sink. */
    public static boolean endToEnd(String kind) {
        return END_TO_END.name().equals(kind) || WATERMARK.name().equals(kind);
    }
}
