package org.cloudprofiler.analyzer.compare;

/**
 * One percentile of one hop in two runs, each with the bound of the percentile itself (not of
 * one sample: {@link HopComparison#percentileBoundNs}), and the verdict on their difference.
 *
 * @param aNs run A's percentile, ns
 * @param aBoundNs how far A's true percentile can lie from {@code aNs}, ns
 * @param bNs run B's percentile, ns
 * @param bBoundNs how far B's true percentile can lie from {@code bNs}, ns
 * @param verdict {@link Verdict#SLOWER} if {@code bNs - aNs > aBoundNs + bBoundNs},
 *     {@link Verdict#FASTER} if {@code aNs - bNs > aBoundNs + bBoundNs}, else
 *     {@link Verdict#WITHIN_BOUNDS}
 */
public record PercentileComparison(double aNs, double aBoundNs, double bNs, double bBoundNs,
        Verdict verdict) {

    /** Compares {@code bNs ± bBoundNs} with {@code aNs ± aBoundNs}. */
    static PercentileComparison of(double aNs, double aBoundNs, double bNs, double bBoundNs) {
        double differenceNs = bNs - aNs;
        double allowedNs = aBoundNs + bBoundNs;
        Verdict verdict = differenceNs > allowedNs ? Verdict.SLOWER
                : -differenceNs > allowedNs ? Verdict.FASTER : Verdict.WITHIN_BOUNDS;
        return new PercentileComparison(aNs, aBoundNs, bNs, bBoundNs, verdict);
    }

    /** B minus A, ns: above zero when B is slower. */
    public double differenceNs() {
        return bNs - aNs;
    }
}
