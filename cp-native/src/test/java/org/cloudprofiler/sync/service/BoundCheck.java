package org.cloudprofiler.sync.service;

import java.util.Locale;

/**
 * Tally of translated durations of one kind against the truth: how many, the largest error and
 * bound, and how many errors exceeded their bound. All in reference ticks.
 */
final class BoundCheck {
    private final String name;
    private long count;
    private long violations;
    private double maxErrorTicks;
    private double maxBoundTicks;
    private double sumBoundTicks;
    private String firstViolation;

    BoundCheck(String name) {
        this.name = name;
    }

    /** Records one duration: measured and its bound by the translation, true by the raw TSC. */
    void add(double measuredTicks, double boundTicks, long trueTicks, String where) {
        double error = Math.abs(measuredTicks - trueTicks);
        count++;
        maxErrorTicks = Math.max(maxErrorTicks, error);
        maxBoundTicks = Math.max(maxBoundTicks, boundTicks);
        sumBoundTicks += boundTicks;
        if (error > boundTicks) {
            violations++;
            if (firstViolation == null) {
                firstViolation = String.format(Locale.ROOT, "%s: measured %.1f, true %d, error"
                        + " %.1f > bound %.1f ticks", where, measuredTicks, trueTicks, error,
                        boundTicks);
            }
        }
    }

    String name() {
        return name;
    }

    long count() {
        return count;
    }

    long violations() {
        return violations;
    }

    String firstViolation() {
        return firstViolation;
    }

    double maxBoundTicks() {
        return maxBoundTicks;
    }

    double meanBoundTicks() {
        return count == 0 ? 0 : sumBoundTicks / count;
    }

    /** One row of the printed table, in µs at {@code hz} ticks per second. */
    String row(double hz) {
        return String.format(Locale.ROOT, "%-36s %8d %14.3f %14.3f %14.3f %10d", name, count,
                maxErrorTicks * 1e6 / hz, maxBoundTicks * 1e6 / hz,
                meanBoundTicks() * 1e6 / hz, violations);
    }

    static String header() {
        return String.format(Locale.ROOT, "%-36s %8s %14s %14s %14s %10s", "case", "count",
                "max |err| us", "max bound us", "mean bound us", "violations");
    }
}
