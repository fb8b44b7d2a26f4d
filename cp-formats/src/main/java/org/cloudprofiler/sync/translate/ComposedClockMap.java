package org.cloudprofiler.sync.translate;

import java.util.ArrayList;
import java.util.List;

/**
 * The map of a pair that sync.json did not relate directly, through a node related to both: C's
 * ticks onto B's by {@code inner}, then B's onto A's by {@code outer}. Its bound is strict
 * because the true A-value of a B-value within {@code e} of the estimate lies within
 * {@code (r + h)·e} of the true A-value of the estimate, {@code r ± h} being {@code outer}'s rate.
 *
 * <p>Its {@link #rate} is that upper slope of {@code outer} times {@code inner}'s rate, and its
 * {@link #exchangeWeight} and {@link #exchangeSpanSourceTicks} are set so that
 * {@link ClockTranslator}'s whole-tick allowances, written for one map, cover both: the inner
 * map's slack (and the reading's own tick) scaled by that upper slope, plus the outer map's.
 */
final class ComposedClockMap implements ClockMap {

    private final ClockMap outer;
    private final ClockMap inner;

    /**
     * @param outer the map from the intermediate node onto the target
     * @param inner the map from the source onto the intermediate node
     */
    ComposedClockMap(ClockMap outer, ClockMap inner) {
        this.outer = outer;
        this.inner = inner;
    }

    @Override
    public long translateTicks(long sourceTicks) {
        long intermediate = inner.translateTicks(sourceTicks);
        long target = outer.translateTicks(intermediate);
        return target + Math.round(ticksSince(target, sourceTicks));
    }

    @Override
    public double boundTicks(long sourceTicks) {
        long intermediate = inner.translateTicks(sourceTicks);
        return outer.boundTicks(intermediate)
                + upperSlope(intermediate) * inner.boundTicks(sourceTicks);
    }

    @Override
    public double ticksSince(long targetOriginTicks, long sourceTicks) {
        long intermediate = inner.translateTicks(sourceTicks);
        // The inner estimate's fraction of a tick, carried through outer's slope.
        return outer.ticksSince(targetOriginTicks, intermediate)
                + outer.rate(intermediate) * inner.ticksSince(intermediate, sourceTicks);
    }

    @Override
    public double rate(long sourceTicks) {
        return upperSlope(inner.translateTicks(sourceTicks)) * inner.rate(sourceTicks);
    }

    @Override
    public double rateHalfWidth(long sourceTicks) {
        return upperSlope(inner.translateTicks(sourceTicks)) * inner.rateHalfWidth(sourceTicks);
    }

    @Override
    public double exchangeWeight(long sourceTicks) {
        long intermediate = inner.translateTicks(sourceTicks);
        return outer.exchangeWeight(intermediate)
                + upperSlope(intermediate) * inner.exchangeWeight(sourceTicks);
    }

    /**
     * {@inheritDoc} The span at which {@code (1 + rate)·|d| / span} equals the rate slack of both
     * maps over {@code d}: the inner's, {@code (1 + r_i)·|d| / span_i}, scaled by outer's upper
     * slope, plus the outer's over the intermediate duration, {@code (1 + r_o)·|r_i·d| / span_o}.
     */
    @Override
    public double exchangeSpanSourceTicks(long sourceTicks) {
        long intermediate = inner.translateTicks(sourceTicks);
        double innerRate = inner.rate(sourceTicks);
        double slackPerTick = upperSlope(intermediate) * (1 + innerRate)
                / inner.exchangeSpanSourceTicks(sourceTicks)
                + (1 + outer.rate(intermediate)) * innerRate
                / outer.exchangeSpanSourceTicks(intermediate);
        return (1 + rate(sourceTicks)) / slackPerTick;
    }

    @Override
    public ScaledDuration scale(long fromSourceTicks, double durationSourceTicks) {
        long intermediate = inner.translateTicks(fromSourceTicks);
        ScaledDuration onIntermediate = inner.scale(fromSourceTicks, durationSourceTicks);
        ScaledDuration onTarget = outer.scale(intermediate, onIntermediate.valueTicks());
        return new ScaledDuration(onTarget.valueTicks(), onTarget.boundTicks()
                + upperSlope(intermediate) * onIntermediate.boundTicks());
    }

    @Override
    public List<DriftBeyondModel> driftBeyondModel() {
        List<DriftBeyondModel> both = new ArrayList<>(outer.driftBeyondModel());
        both.addAll(inner.driftBeyondModel());
        return both;
    }

    /** The largest slope outer's data allows around {@code intermediateTicks}. */
    private double upperSlope(long intermediateTicks) {
        return outer.rate(intermediateTicks) + outer.rateHalfWidth(intermediateTicks);
    }
}
