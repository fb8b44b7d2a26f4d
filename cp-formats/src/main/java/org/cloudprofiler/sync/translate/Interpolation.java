package org.cloudprofiler.sync.translate;

/**
 * The weights of a linear interpolation between two sync points, shared by the clock maps: how
 * far slack at the points, and drift of the rate between them, can move an interpolated value.
 */
final class Interpolation {
    private Interpolation() {}

    /**
     * {@code |1 − σ| + |σ|}: how far one tick of slack at both sync points moves a value
     * interpolated at {@code sigma} (0 at the first point, 1 at the second); 1 between them.
     */
    static double slackWeight(double sigma) {
        return Math.abs(1 - sigma) + Math.abs(sigma);
    }

    /**
     * How far the true clock can stray from the chord through its values at the two sync points,
     * in source ticks times the rate's variation: {@code x·(T − x)/T} at {@code x} source ticks
     * after the first point of a span {@code T} (docs/design.md, "Drift between phases"), and
     * the distance to the nearer point outside the span, where the rate may differ from the
     * chord's by the whole variation.
     */
    static double driftWeight(double sinceFirst, double span) {
        if (sinceFirst < 0) {
            return -sinceFirst;
        }
        if (sinceFirst > span) {
            return sinceFirst - span;
        }
        return sinceFirst * (span - sinceFirst) / span;
    }

    /**
     * How far the true clock's advance over a duration can differ from the chord's, in source
     * ticks times the rate's variation: {@code L·(T − L)/T} for the part of length {@code L}
     * inside the span (the true advance over the whole span is the chord's, so a part can differ
     * by at most that much), plus the length of the parts outside it.
     *
     * @param fromSinceFirst where the duration starts, source ticks after the first sync point
     * @param durationSourceTicks its length, negative for one that ends before it starts
     */
    static double durationDriftWeight(double fromSinceFirst, double durationSourceTicks,
            double span) {
        double low = fromSinceFirst + Math.min(0, durationSourceTicks);
        double high = fromSinceFirst + Math.max(0, durationSourceTicks);
        double inside = Math.max(0, Math.min(high, span) - Math.max(low, 0));
        double outside = (high - low) - inside;
        return inside * (span - inside) / span + outside;
    }
}
