package org.cloudprofiler.sync.translate;

import java.util.List;
import org.cloudprofiler.sync.SyncExchange;

/**
 * The clock map that uses every exchange: each is a constraint on the linear map
 * {@code y = α + β·x} from source ticks x to target ticks y, the maps that satisfy all of them
 * form a convex polygon in (α, β), and a translated value is reported as the midpoint and
 * half-width of its exact range over that polygon. With only the two exchanges of
 * {@link MinRttClockMap} it gives the same values and bounds; with more it is never looser.
 *
 * <p>An exchange the target initiated ({@code s}, {@code r} target ticks, {@code b} source)
 * requires {@code s ≤ α + β·b ≤ r}; one the source initiated ({@code s'}, {@code r'} source
 * ticks, {@code b'} target) requires {@code α + β·s' ≤ b' ≤ α + β·r'}.
 *
 * <p>Under the drift model (docs/design.md, "Drift between phases") the source clock's rate may
 * vary by a fraction {@code ρ} between the earliest and the latest exchange, so no line need
 * satisfy the exchanges: the chord through the true clock's values at those two exchanges does
 * once each constraint is widened by how far the clock can stray from it there,
 * {@code ρ·r·x·(T − x)/T}. The polygon is of such chords, and every bound adds the same term at
 * the translated tick (for a duration, {@code ρ·r·|d|·(T − |d|)/T}). With {@code ρ = 0} the
 * constraints are the exchanges' own.
 *
 * <p>Precision: the polygon lives in coordinates relative to the first exchange,
 * {@code y − y0 = (x − x0) + a + k·(x − x0)} with skew {@code k = β − 1}. Every constraint's
 * coefficients are then exact integers (differences of ticks), and the polygon's few
 * ticks of intercept and parts per million of skew keep their sub-tick digits in a double for
 * runs of days at 5 GHz.
 */
public final class HullClockMap implements ClockMap {

    /** Relative coordinates must be exact in a double. */
    private static final long MAX_EXACT = 1L << 53;

    private final long originSourceTicks;
    private final long originTargetTicks;
    private final double[] intercepts;
    private final double[] skews;
    private final double skewMid;
    private final double skewHalfWidth;
    // Where the exchanges sit on the source clock, relative to the origin.
    private final long firstExchangeSourceTicks;
    private final double exchangeSpanSourceTicks;
    /** {@code ρ·r}: how far the map's true slope may vary between the exchanges. */
    private final double slopeVariation;

    /**
     * The map of clocks whose rates are constant between the exchanges ({@code ρ = 0}).
     *
     * @see #HullClockMap(List, List, double)
     */
    public HullClockMap(List<SyncExchange> forward, List<SyncExchange> reverse) {
        this(forward, reverse, 0);
    }

    /**
     * @param forward exchanges the target initiated with the source
     * @param reverse exchanges the source initiated with the target
     * @param rateVariation {@code ρ}: how much the source clock's rate relative to the target's
     *     may vary between the earliest and the latest exchange, a fraction of the rate (1e-6
     *     for 1 ppm), at least 0
     * @throws InconsistentSyncException if no linear map satisfies all exchanges (widened by
     *     the drift the model allows)
     * @throws IllegalArgumentException if the exchanges do not bound the map (they must have
     *     been answered at two distinct times, e.g. in a start and an end phase), or span more
     *     than 2^53 ticks
     */
    public HullClockMap(List<SyncExchange> forward, List<SyncExchange> reverse,
            double rateVariation) {
        if (!(rateVariation >= 0)) {
            throw new IllegalArgumentException("the rate variation must be at least 0, not "
                    + rateVariation);
        }
        if (forward.isEmpty() && reverse.isEmpty()) {
            throw new IllegalArgumentException("a clock map needs exchanges");
        }
        if (forward.isEmpty()) {
            originSourceTicks = reverse.get(0).s();
            originTargetTicks = reverse.get(0).b();
        } else {
            originSourceTicks = forward.get(0).b();
            originTargetTicks = forward.get(0).s();
        }
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (SyncExchange exchange : forward) {
            first = Math.min(first, exchange.b());
            last = Math.max(last, exchange.b());
        }
        for (SyncExchange exchange : reverse) {
            first = Math.min(first, exchange.s());
            last = Math.max(last, exchange.r());
        }
        firstExchangeSourceTicks = first;
        exchangeSpanSourceTicks = Math.max(1, (double) (last - first));
        slopeVariation = rateVariation == 0 ? 0
                : rateVariation * outermostSlope(forward, reverse);
        // β ≥ 0: a clock does not run backwards. β ≤ 1024 covers any pair of real clocks.
        FeasiblePolygon polygon = new FeasiblePolygon(0x1p62, -1, 1023);
        for (SyncExchange exchange : forward) {
            long u = Math.subtractExact(exchange.b(), originSourceTicks);
            double drift = driftAt(exchange.b());
            clip(polygon, HalfPlane.atLeast(exact(u), residual(exchange.s(), u) - drift),
                    exchange, "initiated by the target");
            clip(polygon, HalfPlane.atMost(exact(u), residual(exchange.r(), u) + drift),
                    exchange, "initiated by the target");
        }
        for (SyncExchange exchange : reverse) {
            long sent = Math.subtractExact(exchange.s(), originSourceTicks);
            long received = Math.subtractExact(exchange.r(), originSourceTicks);
            clip(polygon, HalfPlane.atMost(exact(sent),
                    residual(exchange.b(), sent) + driftAt(exchange.s())),
                    exchange, "initiated by the source");
            clip(polygon, HalfPlane.atLeast(exact(received),
                    residual(exchange.b(), received) - driftAt(exchange.r())),
                    exchange, "initiated by the source");
        }
        if (polygon.touchesBox()) {
            throw new IllegalArgumentException("the exchanges do not bound the clock map: it"
                    + " needs exchanges answered at two distinct times, such as a start and an"
                    + " end phase");
        }
        int count = polygon.vertexCount();
        intercepts = new double[count];
        skews = new double[count];
        double minSkew = Double.POSITIVE_INFINITY;
        double maxSkew = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < count; i++) {
            intercepts[i] = polygon.interceptOf(i);
            skews[i] = polygon.skewOf(i);
            minSkew = Math.min(minSkew, skews[i]);
            maxSkew = Math.max(maxSkew, skews[i]);
        }
        skewMid = (minSkew + maxSkew) / 2;
        skewHalfWidth = (maxSkew - minSkew) / 2;
    }

    /** How far the true clock can stray from its chord at {@code sourceTicks}, target ticks. */
    private double driftAt(long sourceTicks) {
        return slopeVariation * Interpolation.driftWeight(
                sourceTicks - firstExchangeSourceTicks, exchangeSpanSourceTicks);
    }

    /**
     * The map's slope between the earliest and the latest exchange, from their midpoints: the
     * rate {@code r} that {@code ρ} is a fraction of. Differences of whole ticks are taken as
     * longs, exactly: as doubles, TSC values near 2^62 would lose hundreds of ticks.
     */
    private static double outermostSlope(List<SyncExchange> forward,
            List<SyncExchange> reverse) {
        Midpoint earliest = null;
        Midpoint latest = null;
        for (SyncExchange exchange : forward) {
            Midpoint point = new Midpoint(exchange.s(), exchange.rttTicks() / 2.0,
                    exchange.b(), 0);
            earliest = earliest == null || point.isBefore(earliest) ? point : earliest;
            latest = latest == null || latest.isBefore(point) ? point : latest;
        }
        for (SyncExchange exchange : reverse) {
            Midpoint point = new Midpoint(exchange.b(), 0, exchange.s(),
                    exchange.rttTicks() / 2.0);
            earliest = earliest == null || point.isBefore(earliest) ? point : earliest;
            latest = latest == null || latest.isBefore(point) ? point : latest;
        }
        double sourceSpan = Math.subtractExact(latest.sourceTicks, earliest.sourceTicks)
                + (latest.sourceFraction - earliest.sourceFraction);
        return sourceSpan > 0 ? (Math.subtractExact(latest.targetTicks, earliest.targetTicks)
                + (latest.targetFraction - earliest.targetFraction)) / sourceSpan : 1;
    }

    /** An exchange's midpoint on both clocks: whole ticks plus a fraction each. */
    private record Midpoint(long targetTicks, double targetFraction, long sourceTicks,
            double sourceFraction) {

        boolean isBefore(Midpoint other) {
            long whole = Math.subtractExact(sourceTicks, other.sourceTicks);
            return whole + (sourceFraction - other.sourceFraction) < 0;
        }
    }

    private static void clip(FeasiblePolygon polygon, HalfPlane constraint,
            SyncExchange exchange, String direction) {
        if (!polygon.clip(constraint)) {
            throw new InconsistentSyncException("no linear clock map satisfies every exchange:"
                    + " the exchange " + exchange + " " + direction + " contradicts the ones"
                    + " before it. A clock drifted or jumped, or a TSC is not invariant; mid"
                    + " phases let the map bend with drift");
        }
    }

    @Override
    public long translateTicks(long sourceTicks) {
        long u = sourceTicks - originSourceTicks;
        return originTargetTicks + u + Math.round(residualMid(u));
    }

    @Override
    public double ticksSince(long targetOriginTicks, long sourceTicks) {
        long u = sourceTicks - originSourceTicks;
        return (originTargetTicks - targetOriginTicks + u) + residualMid(u);
    }

    @Override
    public double boundTicks(long sourceTicks) {
        long u = sourceTicks - originSourceTicks;
        return (maxResidual(u, 1) + maxResidual(u, -1)) / 2 + driftAt(sourceTicks);
    }

    @Override
    public double rate(long sourceTicks) {
        return 1 + skewMid;
    }

    @Override
    public double rateHalfWidth(long sourceTicks) {
        return skewHalfWidth;
    }

    @Override
    public double exchangeWeight(long sourceTicks) {
        return Interpolation.slackWeight(
                (sourceTicks - firstExchangeSourceTicks) / exchangeSpanSourceTicks);
    }

    @Override
    public double exchangeSpanSourceTicks(long sourceTicks) {
        return exchangeSpanSourceTicks;
    }

    @Override
    public ScaledDuration scale(long fromSourceTicks, double durationSourceTicks) {
        return new ScaledDuration(durationSourceTicks + skewMid * durationSourceTicks,
                skewHalfWidth * Math.abs(durationSourceTicks)
                        + slopeVariation * Interpolation.durationDriftWeight(
                                fromSourceTicks - firstExchangeSourceTicks, durationSourceTicks,
                                exchangeSpanSourceTicks));
    }

    /** Midpoint of {@code a + k·u} over the polygon: the estimate minus {@code y0 + u}. */
    private double residualMid(long u) {
        return (maxResidual(u, 1) - maxResidual(u, -1)) / 2;
    }

    /** The largest {@code sign·(a + k·u)} over the polygon's vertices. */
    private double maxResidual(long u, int sign) {
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < intercepts.length; i++) {
            max = Math.max(max, sign * (intercepts[i] + skews[i] * u));
        }
        return max;
    }

    /**
     * {@code a + k·u} at which the map meets {@code targetTicks} at relative source time u: the
     * target's offset from {@code y0 + u}, exact.
     */
    private double residual(long targetTicks, long u) {
        return exact(Math.subtractExact(Math.subtractExact(targetTicks, originTargetTicks), u));
    }

    private static double exact(long relativeTicks) {
        if (Math.abs(relativeTicks) > MAX_EXACT) {
            throw new IllegalArgumentException("exchanges " + relativeTicks + " ticks apart:"
                    + " more than 2^53, which the hull cannot hold exactly; use MINRTT");
        }
        return relativeTicks;
    }
}
