package org.cloudprofiler.sync.translate;

/**
 * A timestamp of one node translated onto another node's clock.
 *
 * @param valueTicks the estimate on the target clock, rounded to the nearest tick (so within half
 *     a tick of the unrounded estimate), target ticks
 * @param boundTicks half-width of the interval around {@code valueTicks} that holds the true
 *     value whenever the clocks are linearly related, target ticks; from a {@link ClockMap}, the
 *     interval is around the unrounded estimate, from {@link ClockTranslator} around the value
 */
public record TranslatedTimestamp(long valueTicks, double boundTicks) {}
