package org.cloudprofiler.sync.translate;

/**
 * The time between two timestamps, possibly of different nodes, on the reference node's clock.
 *
 * @param durationTicks end minus start, reference ticks; not rounded
 * @param boundTicks half-width of the interval around {@code durationTicks} that holds the true
 *     duration, reference ticks
 * @param path how it was computed: the available path with the smallest bound
 */
public record TranslatedDuration(double durationTicks, double boundTicks, TranslationPath path) {}
