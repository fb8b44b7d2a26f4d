package org.cloudprofiler.sync.translate;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.cloudprofiler.sync.SyncExchange;

/**
 * The exact, slow MinRTT translation in {@link BigDecimal}: the yardstick that
 * {@link MinRttClockMap}'s fast path is tested and benchmarked against. Not for production use.
 *
 * <p>With {@code D = 2·(c_m − c_j)}, the estimate is the rational
 * {@code f(c) = ((s_j + r_j)·(c_m − c_j) + (c − c_j)·((s_m + r_m) − (s_j + r_j))) / D}.
 */
public final class ReferenceTranslation {

    private static final BigDecimal TWO = BigDecimal.valueOf(2);

    private final BigDecimal startSource;
    private final BigDecimal startNumerator;
    private final BigDecimal midpointChange2;
    private final BigDecimal denominator;
    private final BigDecimal span;
    private final BigDecimal startRtt;
    private final BigDecimal endRtt;

    /** The map through exchange {@code start} (j) and the later {@code end} (m). */
    public ReferenceTranslation(SyncExchange start, SyncExchange end) {
        startSource = BigDecimal.valueOf(start.b());
        span = BigDecimal.valueOf(end.b()).subtract(startSource);
        if (span.signum() <= 0) {
            throw new IllegalArgumentException("the end exchange must be answered after the"
                    + " start exchange");
        }
        BigDecimal startMidpoint2 =
                BigDecimal.valueOf(start.s()).add(BigDecimal.valueOf(start.r()));
        startNumerator = startMidpoint2.multiply(span);
        midpointChange2 = BigDecimal.valueOf(end.s()).add(BigDecimal.valueOf(end.r()))
                .subtract(startMidpoint2);
        denominator = span.multiply(TWO);
        startRtt = BigDecimal.valueOf(start.r()).subtract(BigDecimal.valueOf(start.s()));
        endRtt = BigDecimal.valueOf(end.r()).subtract(BigDecimal.valueOf(end.s()));
    }

    /** {@code f(c)} rounded half up (as {@link Math#round(double)}), target ticks; exact. */
    public long translateTicks(long sourceTicks) {
        BigDecimal numerator = numerator(sourceTicks);
        // floor(N / D + 1/2) = floor((2N + D) / 2D), D > 0.
        return numerator.multiply(TWO).add(denominator)
                .divide(denominator.multiply(TWO), 0, RoundingMode.FLOOR).longValueExact();
    }

    /** {@code f(c)} to {@code context}'s precision, target ticks. */
    public BigDecimal estimate(long sourceTicks, MathContext context) {
        return numerator(sourceTicks).divide(denominator, context);
    }

    /**
     * {@code δ(c) = |1 − σ|·δ_j + |σ|·δ_m} to {@code context}'s precision, target ticks:
     * {@code (|span − Δ|·rtt_j + |Δ|·rtt_m) / (2·span)} with {@code Δ = c − c_j}.
     */
    public BigDecimal boundTicks(long sourceTicks, MathContext context) {
        BigDecimal delta = BigDecimal.valueOf(sourceTicks).subtract(startSource);
        return span.subtract(delta).abs().multiply(startRtt)
                .add(delta.abs().multiply(endRtt))
                .divide(denominator, context);
    }

    private BigDecimal numerator(long sourceTicks) {
        BigDecimal delta = BigDecimal.valueOf(sourceTicks).subtract(startSource);
        return startNumerator.add(delta.multiply(midpointChange2));
    }
}
