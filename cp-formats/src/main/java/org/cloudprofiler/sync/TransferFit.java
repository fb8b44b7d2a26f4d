package org.cloudprofiler.sync;

/**
 * A least-squares fit {@code t = p + q·size + r·size²} of transfer time (ns) against payload size
 * (bytes); a linear fit has {@code r = 0}.
 *
 * @param p fixed cost, ns
 * @param q cost per byte, ns
 * @param r cost per byte squared, ns
 * @param mseNs2 mean squared error over the samples, ns²
 * @param mapePercent mean absolute percentage error over the samples, percent
 */
public record TransferFit(double p, double q, double r, double mseNs2, double mapePercent) {}
