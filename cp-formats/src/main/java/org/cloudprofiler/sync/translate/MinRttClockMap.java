package org.cloudprofiler.sync.translate;

import java.math.BigDecimal;
import java.math.MathContext;
import org.cloudprofiler.sync.SyncExchange;

/**
 * The seed paper's clock map: the straight line through the midpoints of two minimum-RTT
 * exchanges j (earlier) and m (later) in which the target node initiated, with the bounds of
 * docs/design.md, "Clock sync and the CP translation": {@code f(c) = ĉ_j + r·(c − c_j)} and
 * {@code δ(c) = |1 − σ|·δ_j + |σ|·δ_m}, {@code σ = (c − c_j)/(c_m − c_j)}.
 *
 * <p>Under the drift model (docs/design.md, "Drift between phases") the source clock's rate may
 * vary by a fraction {@code ρ} within the span; every bound then adds what that can cost:
 * {@code ρ·r·x·(T − x)/T} for a tick {@code x} source ticks after {@code c_j} in a span
 * {@code T = c_m − c_j}, {@code ρ·r·|d|·(T − |d|)/T} for a duration {@code d} inside it. With
 * {@code ρ = 0} the bounds are the paper's.
 *
 * <p>Translation works on deltas from exchange j, {@code s_j + Δ + round(δ_j + (r − 1)·Δ)} with
 * {@code Δ = c − c_j}: only the small correction is a double, so the result stays within a tick
 * of the exact value for TSC values up to 2^62 ({@link ReferenceTranslation} is the exact one).
 */
public final class MinRttClockMap implements ClockMap {

    private final long startSendTicks;
    private final long startSourceTicks;
    private final double startHalfRttTicks;
    private final double endHalfRttTicks;
    private final double spanSourceTicks;
    private final double rate;
    private final double skew;
    /** {@code ρ·r}: how far the map's true slope may vary within the span. */
    private final double slopeVariation;

    /**
     * The map of clocks whose rates are constant between the two exchanges ({@code ρ = 0}).
     *
     * @param start exchange j: {@code s} and {@code r} on the target clock, {@code b} on the source
     * @param end exchange m, answered later than j on the source clock
     * @throws InconsistentSyncException if m was not answered after j on the source clock
     */
    public MinRttClockMap(SyncExchange start, SyncExchange end) {
        this(start, end, 0);
    }

    /**
     * @param start exchange j: {@code s} and {@code r} on the target clock, {@code b} on the source
     * @param end exchange m, answered later than j on the source clock
     * @param rateVariation {@code ρ}: how much the source clock's rate relative to the target's
     *     may vary between the exchanges, a fraction of the rate (1e-6 for 1 ppm), at least 0
     * @throws InconsistentSyncException if m was not answered after j on the source clock
     */
    public MinRttClockMap(SyncExchange start, SyncExchange end, double rateVariation) {
        if (!(rateVariation >= 0)) {
            throw new IllegalArgumentException("the rate variation must be at least 0, not "
                    + rateVariation);
        }
        long span = Math.subtractExact(end.b(), start.b());
        if (span <= 0) {
            throw new InconsistentSyncException("the responder's clock did not advance between"
                    + " the earlier exchange " + start + " and the later one " + end
                    + ", so no rate can be estimated; its TSC is not invariant or the phases"
                    + " are out of order");
        }
        BigDecimal twiceSpan = BigDecimal.valueOf(span).add(BigDecimal.valueOf(span));
        // Twice the change of the midpoints ĉ = (s + r) / 2, exact whatever the magnitudes.
        BigDecimal twiceMidpointChange = BigDecimal.valueOf(end.s())
                .add(BigDecimal.valueOf(end.r())).subtract(BigDecimal.valueOf(start.s()))
                .subtract(BigDecimal.valueOf(start.r()));
        this.rate = twiceMidpointChange.divide(twiceSpan, MathContext.DECIMAL128).doubleValue();
        this.skew = twiceMidpointChange.subtract(twiceSpan)
                .divide(twiceSpan, MathContext.DECIMAL128).doubleValue();
        this.startSendTicks = start.s();
        this.startSourceTicks = start.b();
        this.startHalfRttTicks = start.rttTicks() / 2.0;
        this.endHalfRttTicks = end.rttTicks() / 2.0;
        this.spanSourceTicks = span;
        this.slopeVariation = rateVariation * rate;
    }

    @Override
    public long translateTicks(long sourceTicks) {
        long delta = sourceTicks - startSourceTicks;
        return startSendTicks + delta + Math.round(startHalfRttTicks + skew * delta);
    }

    @Override
    public double ticksSince(long targetOriginTicks, long sourceTicks) {
        long delta = sourceTicks - startSourceTicks;
        return (startSendTicks - targetOriginTicks + delta) + (startHalfRttTicks + skew * delta);
    }

    @Override
    public double boundTicks(long sourceTicks) {
        double sinceStart = sourceTicks - startSourceTicks;
        double sigma = sinceStart / spanSourceTicks;
        return Math.abs(1 - sigma) * startHalfRttTicks + Math.abs(sigma) * endHalfRttTicks
                + slopeVariation * Interpolation.driftWeight(sinceStart, spanSourceTicks);
    }

    @Override
    public double exchangeWeight(long sourceTicks) {
        return Interpolation.slackWeight((sourceTicks - startSourceTicks) / spanSourceTicks);
    }

    @Override
    public double exchangeSpanSourceTicks(long sourceTicks) {
        return spanSourceTicks;
    }

    /** {@inheritDoc} The same everywhere: {@code r = (ĉ_m − ĉ_j)/(c_m − c_j)}. */
    @Override
    public double rate(long sourceTicks) {
        return rate;
    }

    /** {@inheritDoc} The same everywhere: {@code (δ_j + δ_m)/(c_m − c_j)}. */
    @Override
    public double rateHalfWidth(long sourceTicks) {
        return (startHalfRttTicks + endHalfRttTicks) / spanSourceTicks;
    }

    /**
     * {@inheritDoc} The bound is {@code (δ_j + δ_m)·|d|/(c_m − c_j)}, plus the drift term
     * {@code ρ·r·|d|·(T − |d|)/T} for a duration inside the span.
     */
    @Override
    public ScaledDuration scale(long fromSourceTicks, double durationSourceTicks) {
        return new ScaledDuration(durationSourceTicks + skew * durationSourceTicks,
                (startHalfRttTicks + endHalfRttTicks) * Math.abs(durationSourceTicks)
                        / spanSourceTicks
                        + slopeVariation * Interpolation.durationDriftWeight(
                                fromSourceTicks - startSourceTicks, durationSourceTicks,
                                spanSourceTicks));
    }
}
