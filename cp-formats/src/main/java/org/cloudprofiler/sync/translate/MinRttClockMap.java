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

    /**
     * @param start exchange j: {@code s} and {@code r} on the target clock, {@code b} on the source
     * @param end exchange m, answered later than j on the source clock
     * @throws InconsistentSyncException if m was not answered after j on the source clock
     */
    public MinRttClockMap(SyncExchange start, SyncExchange end) {
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
        double sigma = (sourceTicks - startSourceTicks) / spanSourceTicks;
        return Math.abs(1 - sigma) * startHalfRttTicks + Math.abs(sigma) * endHalfRttTicks;
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

    /** {@inheritDoc} The bound is {@code (δ_j + δ_m)·|d|/(c_m − c_j)}. */
    @Override
    public ScaledDuration scale(long fromSourceTicks, double durationSourceTicks) {
        return new ScaledDuration(durationSourceTicks + skew * durationSourceTicks,
                (startHalfRttTicks + endHalfRttTicks) * Math.abs(durationSourceTicks)
                        / spanSourceTicks);
    }
}
