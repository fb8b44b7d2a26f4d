package org.cloudprofiler.sync.translate;

/**
 * The half-plane {@code aWeight·a + kWeight·k ≤ limit} of a {@link FeasiblePolygon}, whose
 * boundary line is one of the polygon's possible edges.
 *
 * @param aWeight coefficient of the intercept a
 * @param kWeight coefficient of the skew k
 * @param limit right-hand side
 * @param bounding true for the artificial box that makes the first polygon finite; a final
 *     polygon that still has such an edge is not bounded by the data
 */
record HalfPlane(double aWeight, double kWeight, double limit, boolean bounding) {

    /**
     * Rounding of the vertices' coordinates, relative to the magnitude of the terms: vertices
     * within it of the line count as on it, far more than the error of a few operations (2^-52)
     * and far less than a tick.
     */
    private static final double RELATIVE_TOLERANCE = 0x1p-44;
    private static final double ABSOLUTE_TOLERANCE = 1e-9;

    /** {@code a + weight·k ≥ lowerLimit}. */
    static HalfPlane atLeast(double weight, double lowerLimit) {
        return new HalfPlane(-1, -weight, -lowerLimit, false);
    }

    /** {@code a + weight·k ≤ upperLimit}. */
    static HalfPlane atMost(double weight, double upperLimit) {
        return new HalfPlane(1, weight, upperLimit, false);
    }

    /** True if (a, k) satisfies this half-plane, up to rounding. */
    boolean contains(double a, double k) {
        double aTerm = aWeight * a;
        double kTerm = kWeight * k;
        double tolerance = RELATIVE_TOLERANCE * (Math.abs(aTerm) + Math.abs(kTerm)
                + Math.abs(limit)) + ABSOLUTE_TOLERANCE;
        return aTerm + kTerm - limit <= tolerance;
    }
}
