package org.cloudprofiler.sync.translate;

/** The weights of a linear interpolation between two sync points, shared by the clock maps. */
final class Interpolation {
    private Interpolation() {}

    /**
     * {@code |1 − σ| + |σ|}: how far one tick of slack at both sync points moves a value
     * interpolated at {@code sigma} (0 at the first point, 1 at the second); 1 between them.
     */
    static double slackWeight(double sigma) {
        return Math.abs(1 - sigma) + Math.abs(sigma);
    }
}
