package org.cloudprofiler.sync.translate;

/**
 * A timestamp of one node translated onto another node's clock.
 *
 * @param valueTicks the estimate on the target clock, rounded to the nearest tick (so within half
 *     a tick of the unrounded estimate), target ticks
 * @param boundTicks half-width of the interval around the unrounded estimate that holds the true
 *     value whenever the clocks are linearly related, target ticks
 */
public record TranslatedTimestamp(long valueTicks, double boundTicks) {}
