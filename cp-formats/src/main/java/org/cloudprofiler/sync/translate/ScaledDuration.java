package org.cloudprofiler.sync.translate;

/**
 * A duration measured on one node's clock, expressed in another node's ticks.
 *
 * @param valueTicks the estimate, target ticks (negative for a negative duration)
 * @param boundTicks half-width of the interval around the estimate that holds the true duration,
 *     target ticks
 */
public record ScaledDuration(double valueTicks, double boundTicks) {}
