package org.cloudprofiler.sync.translate;

import java.util.List;

/**
 * Translates the ticks of a source node's clock onto a target node's clock, with a strict bound.
 * Every value is in target ticks unless its name says source ticks. Implementations are
 * immutable and thread-safe.
 */
public interface ClockMap {

    /** The estimate of {@code sourceTicks} on the target clock, rounded to the nearest tick. */
    long translateTicks(long sourceTicks);

    /**
     * Half-width of the interval around the unrounded estimate of {@code sourceTicks} that holds
     * its true target value, target ticks.
     */
    double boundTicks(long sourceTicks);

    /** {@link #translateTicks} and {@link #boundTicks} together. */
    default TranslatedTimestamp translate(long sourceTicks) {
        return new TranslatedTimestamp(translateTicks(sourceTicks), boundTicks(sourceTicks));
    }

    /**
     * The unrounded estimate of {@code sourceTicks} minus {@code targetOriginTicks}, target ticks:
     * the start of a duration precise to a small fraction of a tick, where the absolute value, a
     * long, could not be.
     */
    double ticksSince(long targetOriginTicks, long sourceTicks);

    /** Target ticks per source tick around {@code sourceTicks}: the slope of the map there. */
    double rate(long sourceTicks);

    /** Half-width of the interval around {@link #rate} that holds the true slope. */
    double rateHalfWidth(long sourceTicks);

    /**
     * How far one tick of slack in every exchange reading can move the translation of
     * {@code sourceTicks}, in target ticks per tick of slack: 1 between the earliest and the
     * latest exchange the map rests on, growing linearly outside them ({@code |1 − σ| + |σ|}).
     */
    double exchangeWeight(long sourceTicks);

    /** Source ticks between the earliest and the latest exchange the map rests on there. */
    double exchangeSpanSourceTicks(long sourceTicks);

    /**
     * A duration measured on the source clock from {@code fromSourceTicks}, in target ticks.
     *
     * @param durationSourceTicks source ticks, negative for a duration that ends before it starts
     */
    ScaledDuration scale(long fromSourceTicks, double durationSourceTicks);

    /**
     * Where the measurements show drift beyond the model, so that the map's bounds there are
     * infinite; empty for a map of one segment, where no such comparison is possible.
     */
    default List<DriftBeyondModel> driftBeyondModel() {
        return List.of();
    }
}
