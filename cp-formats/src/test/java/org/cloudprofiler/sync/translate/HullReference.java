package org.cloudprofiler.sync.translate;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.sync.SyncExchange;

/**
 * The hull translation by brute force in BigDecimal, for small inputs: every intersection of
 * two constraint lines {@code α + β·w = c} that satisfies all constraints is a vertex, and the
 * range of {@code α + β·x} over those vertices is the answer.
 */
final class HullReference {

    private static final MathContext PRECISION = new MathContext(80);
    /** Slack for the rounding of the 80-digit intersections; far below a tick. */
    private static final BigDecimal SLACK = new BigDecimal("1e-30");

    /** {@code sign·(α + β·w) ≤ sign·c}. */
    private record Constraint(BigDecimal w, BigDecimal c, int sign) {}

    private final List<Constraint> constraints = new ArrayList<>();

    HullReference(List<SyncExchange> forward, List<SyncExchange> reverse) {
        for (SyncExchange e : forward) {
            constraints.add(new Constraint(big(e.b()), big(e.s()), -1));
            constraints.add(new Constraint(big(e.b()), big(e.r()), 1));
        }
        for (SyncExchange e : reverse) {
            constraints.add(new Constraint(big(e.s()), big(e.b()), 1));
            constraints.add(new Constraint(big(e.r()), big(e.b()), -1));
        }
    }

    /** {min, max} of the translated value of {@code x}, target ticks. */
    BigDecimal[] range(long x) {
        BigDecimal min = null;
        BigDecimal max = null;
        for (int i = 0; i < constraints.size(); i++) {
            for (int j = i + 1; j < constraints.size(); j++) {
                Constraint one = constraints.get(i);
                Constraint two = constraints.get(j);
                if (one.w().compareTo(two.w()) == 0) {
                    continue;
                }
                BigDecimal beta = two.c().subtract(one.c())
                        .divide(two.w().subtract(one.w()), PRECISION);
                BigDecimal alpha = one.c().subtract(beta.multiply(one.w()));
                if (feasible(alpha, beta)) {
                    BigDecimal value = alpha.add(beta.multiply(big(x)));
                    min = min == null || value.compareTo(min) < 0 ? value : min;
                    max = max == null || value.compareTo(max) > 0 ? value : max;
                }
            }
        }
        return new BigDecimal[] {min, max};
    }

    private boolean feasible(BigDecimal alpha, BigDecimal beta) {
        for (Constraint constraint : constraints) {
            BigDecimal excess = alpha.add(beta.multiply(constraint.w())).subtract(constraint.c())
                    .multiply(BigDecimal.valueOf(constraint.sign()));
            if (excess.compareTo(SLACK) > 0) {
                return false;
            }
        }
        return true;
    }

    private static BigDecimal big(long value) {
        return BigDecimal.valueOf(value);
    }
}
