package org.cloudprofiler.analyzer.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A vertical axis for durations of either sign spanning decades: logarithmic in magnitude beyond
 * {@code ±10^lowDecade}, linear between them, so zero and values below it are drawn where they
 * are rather than at the axis' floor. Positions run from 0 (bottom) to 1 (top). Immutable.
 */
final class SignedLogScale {

    private final int lowDecade;
    private final double bottom;
    private final double top;
    private final List<Double> ticks;

    private SignedLogScale(int lowDecade, int highDecade, int negativeDecade) {
        this.lowDecade = lowDecade;
        this.top = 1 + highDecade - lowDecade;
        this.bottom = negativeDecade < lowDecade ? 0 : -(1 + negativeDecade - lowDecade);
        List<Double> values = new ArrayList<>();
        for (int decade = negativeDecade; decade >= lowDecade; decade--) {
            values.add(-Math.pow(10, decade));
        }
        values.add(0.0);
        for (int decade = lowDecade; decade <= highDecade; decade++) {
            values.add(Math.pow(10, decade));
        }
        this.ticks = List.copyOf(values);
    }

    /** A scale that shows every one of {@code values} (ns), at least one decade above zero. */
    static SignedLogScale covering(double... values) {
        double smallest = Double.POSITIVE_INFINITY;
        double largest = 1;
        double largestBelowZero = 0;
        for (double value : values) {
            double magnitude = Math.abs(value);
            if (magnitude >= 1) {
                smallest = Math.min(smallest, magnitude);
            }
            if (value > 0) {
                largest = Math.max(largest, value);
            } else {
                largestBelowZero = Math.max(largestBelowZero, magnitude);
            }
        }
        int low = Double.isInfinite(smallest) ? 0 : (int) Math.floor(Math.log10(smallest));
        int high = Math.max(low + 1, (int) Math.ceil(Math.log10(largest)));
        int negative = largestBelowZero == 0 ? low - 1
                : Math.max(low, (int) Math.ceil(Math.log10(Math.max(1, largestBelowZero))));
        return new SignedLogScale(low, high, negative);
    }

    /** Where {@code value} (ns) lies, 0 at the bottom of the axis and 1 at its top. */
    double position(double value) {
        double linearUpTo = Math.pow(10, lowDecade);
        double magnitude = Math.abs(value);
        double unit = magnitude <= linearUpTo ? magnitude / linearUpTo
                : 1 + Math.log10(magnitude) - lowDecade;
        return (Math.signum(value) * unit - bottom) / (top - bottom);
    }

    /** The values to mark: zero and every decade shown, from the bottom up. */
    List<Double> ticks() {
        return ticks;
    }
}
