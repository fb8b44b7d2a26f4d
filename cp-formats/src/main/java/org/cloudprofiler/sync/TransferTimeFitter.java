package org.cloudprofiler.sync;

import java.util.List;
import java.util.Objects;

/**
 * Least-squares fits of transfer time against payload size: quadratic
 * {@code t = p + q·size + r·size²} and linear {@code t = p + q·size}, each with its mean squared
 * error and mean absolute percentage error over the samples. Stateless and thread-safe.
 *
 * <p>Numerics: sizes run from tens of bytes to a MiB, so {@code size²} reaches 1e12 and the
 * normal equations of the raw sizes would be conditioned like (1e12)², losing every digit of
 * {@code r}. Sizes are therefore divided by the smallest power of two above the largest one, which
 * puts every column of the design matrix in [0, 1] and converts back without rounding, and the
 * scaled problem is solved by Householder QR, whose error grows with the condition number of the
 * design matrix rather than with its square.
 */
public final class TransferTimeFitter {

    /** A column this much shorter than it was before orthogonalization carries no information. */
    private static final double RANK_TOLERANCE = 1e-10;

    private TransferTimeFitter() {}

    /**
     * Fits {@code t = p + q·size + r·size²}.
     *
     * @throws IllegalArgumentException with fewer than 3 samples, fewer than 3 different payload
     *     sizes, a negative size, or a time that is not positive and finite
     */
    public static TransferFit quadratic(List<TransferSample> samples) {
        return fit(samples, 3);
    }

    /**
     * Fits {@code t = p + q·size}; the result has {@code r = 0}.
     *
     * @throws IllegalArgumentException with fewer than 2 samples, fewer than 2 different payload
     *     sizes, a negative size, or a time that is not positive and finite
     */
    public static TransferFit linear(List<TransferSample> samples) {
        return fit(samples, 2);
    }

    private static TransferFit fit(List<TransferSample> samples, int terms) {
        Objects.requireNonNull(samples, "samples");
        String kind = terms == 3 ? "quadratic" : "linear";
        validate(samples, terms, kind);
        int count = samples.size();
        int largest = samples.stream().mapToInt(TransferSample::payloadBytes).max().orElseThrow();
        double scale = Math.scalb(1.0, Math.getExponent((double) largest) + 1);
        double[][] columns = new double[terms][count];
        double[] times = new double[count];
        for (int i = 0; i < count; i++) {
            double x = samples.get(i).payloadBytes() / scale;
            columns[0][i] = 1;
            columns[1][i] = x;
            if (terms == 3) {
                columns[2][i] = x * x;
            }
            times[i] = samples.get(i).minNs();
        }
        double[] scaled = solveLeastSquares(columns, times, kind);
        double p = scaled[0];
        double q = scaled[1] / scale;
        double r = terms == 3 ? scaled[2] / (scale * scale) : 0;

        double squaredErrors = 0;
        double relativeErrors = 0;
        for (TransferSample sample : samples) {
            double size = sample.payloadBytes();
            double residual = sample.minNs() - (p + q * size + r * size * size);
            squaredErrors += residual * residual;
            relativeErrors += Math.abs(residual) / sample.minNs();
        }
        return new TransferFit(p, q, r, squaredErrors / count, 100 * relativeErrors / count);
    }

    private static void validate(List<TransferSample> samples, int terms, String kind) {
        if (samples.size() < terms) {
            throw new IllegalArgumentException("a " + kind + " transfer-time fit needs at least "
                    + terms + " samples, got " + samples.size()
                    + "; sweep more payload sizes");
        }
        long distinctSizes = samples.stream().mapToInt(TransferSample::payloadBytes).distinct()
                .count();
        if (distinctSizes < terms) {
            throw new IllegalArgumentException("a " + kind + " transfer-time fit needs at least "
                    + terms + " different payload sizes, got " + distinctSizes
                    + "; sweep more payload sizes");
        }
        for (int i = 0; i < samples.size(); i++) {
            TransferSample sample = samples.get(i);
            if (sample.payloadBytes() < 0) {
                throw new IllegalArgumentException("sample " + i + ": payload size "
                        + sample.payloadBytes() + " is negative");
            }
            if (!(sample.minNs() > 0) || Double.isInfinite(sample.minNs())) {
                throw new IllegalArgumentException("sample " + i + " (" + sample.payloadBytes()
                        + " bytes): transfer time " + sample.minNs()
                        + " ns is not a positive finite time");
            }
        }
    }

    /**
     * Minimizes {@code |A·x − y|} by Householder QR. {@code columns[j]} is column j of A and is
     * overwritten, as is {@code y}.
     */
    private static double[] solveLeastSquares(double[][] columns, double[] y, String kind) {
        int terms = columns.length;
        int rows = y.length;
        double[] diagonal = new double[terms];
        for (int j = 0; j < terms; j++) {
            double[] column = columns[j];
            double originalNorm = norm(column, 0);
            double norm = norm(column, j);
            if (norm <= RANK_TOLERANCE * originalNorm) {
                throw new IllegalArgumentException("the payload sizes are too close together for"
                        + " a " + kind + " transfer-time fit; sweep sizes further apart");
            }
            // Reflecting onto -sign(x₀)·|x| avoids cancellation in x₀ − α.
            double alpha = column[j] > 0 ? -norm : norm;
            column[j] -= alpha;
            double reflectorNormSquared = 0;
            for (int i = j; i < rows; i++) {
                reflectorNormSquared += column[i] * column[i];
            }
            for (int later = j + 1; later < terms; later++) {
                reflect(column, columns[later], j, reflectorNormSquared);
            }
            reflect(column, y, j, reflectorNormSquared);
            diagonal[j] = alpha;
        }
        // Back substitution on R, whose entries above the diagonal now sit in the later columns.
        double[] solution = new double[terms];
        for (int j = terms - 1; j >= 0; j--) {
            double sum = y[j];
            for (int later = j + 1; later < terms; later++) {
                sum -= columns[later][j] * solution[later];
            }
            solution[j] = sum / diagonal[j];
        }
        return solution;
    }

    /** Applies {@code I − 2·v·vᵀ/(vᵀ·v)}, v = {@code reflector[from..]}, to {@code target}. */
    private static void reflect(double[] reflector, double[] target, int from,
            double reflectorNormSquared) {
        double dot = 0;
        for (int i = from; i < target.length; i++) {
            dot += reflector[i] * target[i];
        }
        double factor = 2 * dot / reflectorNormSquared;
        for (int i = from; i < target.length; i++) {
            target[i] -= factor * reflector[i];
        }
    }

    private static double norm(double[] vector, int from) {
        double sum = 0;
        for (int i = from; i < vector.length; i++) {
            sum += vector[i] * vector[i];
        }
        return Math.sqrt(sum);
    }
}
