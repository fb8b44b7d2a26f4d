package org.cloudprofiler.sync.translate;

import java.util.Arrays;
import java.util.List;

/**
 * A clock map made of consecutive segments, one per pair of consecutive sync phases, so that the
 * map can follow a clock whose rate drifts during a long run. A tick is translated by the segment
 * whose span holds it; ticks before the first span or after the last use the first or last
 * segment.
 *
 * <p>Segments whose measurements show drift beyond the model are {@link UnboundedClockMap}s, and
 * {@link #driftBeyondModel()} says why.
 */
public final class PiecewiseClockMap implements ClockMap {

    private final ClockMap[] segments;
    private final long[] boundariesSourceTicks;
    private final List<DriftBeyondModel> driftBeyondModel;

    /**
     * @param segments in time order, at least one
     * @param boundariesSourceTicks where each segment but the first begins, source ticks,
     *     strictly increasing; one fewer than the segments
     */
    public PiecewiseClockMap(List<ClockMap> segments, long[] boundariesSourceTicks) {
        this(segments, boundariesSourceTicks, List.of());
    }

    /**
     * @param segments in time order, at least one
     * @param boundariesSourceTicks where each segment but the first begins, source ticks,
     *     strictly increasing; one fewer than the segments
     * @param driftBeyondModel why the segments that are {@link UnboundedClockMap}s are so
     */
    PiecewiseClockMap(List<ClockMap> segments, long[] boundariesSourceTicks,
            List<DriftBeyondModel> driftBeyondModel) {
        if (segments.isEmpty() || boundariesSourceTicks.length != segments.size() - 1) {
            throw new IllegalArgumentException(segments.size() + " segments need "
                    + (segments.size() - 1) + " boundaries, not "
                    + boundariesSourceTicks.length);
        }
        for (int i = 1; i < boundariesSourceTicks.length; i++) {
            if (boundariesSourceTicks[i] <= boundariesSourceTicks[i - 1]) {
                throw new IllegalArgumentException("segment boundaries must increase: "
                        + Arrays.toString(boundariesSourceTicks));
            }
        }
        this.segments = segments.toArray(new ClockMap[0]);
        this.boundariesSourceTicks = boundariesSourceTicks.clone();
        this.driftBeyondModel = List.copyOf(driftBeyondModel);
    }

    @Override
    public List<DriftBeyondModel> driftBeyondModel() {
        return driftBeyondModel;
    }

    @Override
    public long translateTicks(long sourceTicks) {
        return segmentAt(sourceTicks).translateTicks(sourceTicks);
    }

    @Override
    public double boundTicks(long sourceTicks) {
        return segmentAt(sourceTicks).boundTicks(sourceTicks);
    }

    @Override
    public double ticksSince(long targetOriginTicks, long sourceTicks) {
        return segmentAt(sourceTicks).ticksSince(targetOriginTicks, sourceTicks);
    }

    @Override
    public double rate(long sourceTicks) {
        return segmentAt(sourceTicks).rate(sourceTicks);
    }

    @Override
    public double rateHalfWidth(long sourceTicks) {
        return segmentAt(sourceTicks).rateHalfWidth(sourceTicks);
    }

    @Override
    public double exchangeWeight(long sourceTicks) {
        return segmentAt(sourceTicks).exchangeWeight(sourceTicks);
    }

    /**
     * {@inheritDoc} The shortest segment's: a duration from here may cross into any segment, and
     * the rate's slack per tick is largest in the shortest.
     */
    @Override
    public double exchangeSpanSourceTicks(long sourceTicks) {
        double shortest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < segments.length; i++) {
            long inside = i == 0 ? boundariesSourceTicks[0] - 1 : boundariesSourceTicks[i - 1];
            shortest = Math.min(shortest, segments[i].exchangeSpanSourceTicks(inside));
        }
        return shortest;
    }

    /** {@inheritDoc} Each segment scales the part of the duration that lies in its span. */
    @Override
    public ScaledDuration scale(long fromSourceTicks, double durationSourceTicks) {
        // Relative to the start: absolute ticks near 2^62 have no sub-tick digits in a double.
        double start = Math.min(0, durationSourceTicks);
        double end = Math.max(0, durationSourceTicks);
        double value = 0;
        double bound = 0;
        for (int i = 0; i < segments.length; i++) {
            double spanStart = i == 0 ? start
                    : Math.max(start, boundariesSourceTicks[i - 1] - fromSourceTicks);
            double spanEnd = i == segments.length - 1 ? end
                    : Math.min(end, boundariesSourceTicks[i] - fromSourceTicks);
            if (spanEnd > spanStart) {
                ScaledDuration part = segments[i].scale(fromSourceTicks + (long) spanStart,
                        spanEnd - spanStart);
                value += part.valueTicks();
                bound += part.boundTicks();
            }
        }
        return new ScaledDuration(durationSourceTicks < 0 ? -value : value, bound);
    }

    private ClockMap segmentAt(long sourceTicks) {
        int found = Arrays.binarySearch(boundariesSourceTicks, sourceTicks);
        // A boundary belongs to the segment it begins; otherwise count the boundaries passed.
        return segments[found >= 0 ? found + 1 : -found - 1];
    }
}
