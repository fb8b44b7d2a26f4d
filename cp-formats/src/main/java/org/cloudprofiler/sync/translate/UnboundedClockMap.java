package org.cloudprofiler.sync.translate;

/**
 * A segment of a clock map whose measurements show drift beyond the model
 * ({@link DriftBeyondModel}): the estimates are the segment's, but nothing bounds them, so every
 * bound is infinite and the translator takes another path where one exists.
 */
final class UnboundedClockMap implements ClockMap {

    private final ClockMap segment;

    UnboundedClockMap(ClockMap segment) {
        this.segment = segment;
    }

    @Override
    public long translateTicks(long sourceTicks) {
        return segment.translateTicks(sourceTicks);
    }

    @Override
    public double boundTicks(long sourceTicks) {
        return Double.POSITIVE_INFINITY;
    }

    @Override
    public double ticksSince(long targetOriginTicks, long sourceTicks) {
        return segment.ticksSince(targetOriginTicks, sourceTicks);
    }

    @Override
    public double rate(long sourceTicks) {
        return segment.rate(sourceTicks);
    }

    @Override
    public double rateHalfWidth(long sourceTicks) {
        return Double.POSITIVE_INFINITY;
    }

    @Override
    public double exchangeWeight(long sourceTicks) {
        return segment.exchangeWeight(sourceTicks);
    }

    @Override
    public double exchangeSpanSourceTicks(long sourceTicks) {
        return segment.exchangeSpanSourceTicks(sourceTicks);
    }

    @Override
    public ScaledDuration scale(long fromSourceTicks, double durationSourceTicks) {
        return new ScaledDuration(segment.scale(fromSourceTicks, durationSourceTicks)
                .valueTicks(), Double.POSITIVE_INFINITY);
    }
}
