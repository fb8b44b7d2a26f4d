package org.cloudprofiler.analyzer.stats;

import java.io.Serializable;

/**
 * One measured duration of one tuple, with its bound: the true duration lies within
 * {@code latencyNs ± boundNs}.
 *
 * @param tupleId the tuple's id
 * @param latencyNs the estimate, ns (below zero when the clocks put the end first)
 * @param boundNs its error bound, ns
 */
public record TupleDuration(long tupleId, double latencyNs, double boundNs)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * The largest duration the bound allows, ns: below zero it is a violation, since no true
     * duration is negative.
     */
    public double upperLimitNs() {
        return latencyNs + boundNs;
    }
}
