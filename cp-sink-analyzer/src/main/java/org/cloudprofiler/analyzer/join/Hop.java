package org.cloudprofiler.analyzer.join;

import java.io.Serializable;

/**
 * One hop the analysis measures.
 *
 * @param index its position in the plan
 * @param kind what it measures
 * @param name {@code from -> to} for a transfer, {@code from -> to (chained)} for a chained
 *     hand-off, the component for compute, {@code from => to} end to end
 * @param from the component of its start
 * @param to the component of its end
 */
public record Hop(int index, HopKind kind, String name, String from, String to)
        implements Serializable {

    private static final long serialVersionUID = 1L;
}
