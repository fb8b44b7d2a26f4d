package org.cloudprofiler.analyzer.stats;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A distribution of values of either sign, ns: each value rounded up to a whole number goes into
 * one of two HdrHistograms (3 significant digits unless chosen), of the values at or above zero
 * and of the magnitudes of the values below zero, which are merged by rank; the exact extremes
 * are kept beside them. Nothing is clamped: -5 ranks below 0.
 *
 * <p>{@link #valueAtPercentile} takes the nearest rank ({@code ceil(p/100 · count)}, at least 1)
 * and reports the smallest number known to be at least the value of that rank: the upper end of
 * its bucket (with 3 digits: the value rounded up, exactly, for magnitudes below 2,048; within
 * 0.1% above), or
 * the exact maximum where that is smaller. So a percentile lies at or above the value of its
 * rank by less than its bucket's width ({@link #resolutionNs}), never above the maximum, and
 * a percentile of bounds is itself a bound that holds. Not thread-safe.
 *
 * <p>Serialized compressed (HdrHistogram's own encoding): a job subtask sends its statistics,
 * every window of latency over time included, to the client as one record, and the histograms'
 * plain arrays (tens of KiB each, mostly zeros) would overrun the collect sink's limit on a long
 * run.
 */
public final class SignedHistogram implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final int DEFAULT_SIGNIFICANT_DIGITS = 3;
    /** Keeps {@code p/100 · count} that is whole in decimal from rounding up to the next rank. */
    private static final double RANK_TOLERANCE = 1e-12;
    /** Asked for bucket widths only: it records nothing. */
    private static final Histogram DEFAULT_BUCKETS = new Histogram(DEFAULT_SIGNIFICANT_DIGITS);

    private final Histogram atOrAboveZero;
    private final Histogram belowZeroMagnitudes;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private double sum;

    /** An empty distribution of 3 significant digits. */
    public SignedHistogram() {
        this(DEFAULT_SIGNIFICANT_DIGITS);
    }

    /**
     * An empty distribution whose buckets are exact for magnitudes below
     * {@code 2 · 10^significantDigits} rounded up to a power of two, and within
     * {@code 10^-significantDigits} of the value above.
     */
    public SignedHistogram(int significantDigits) {
        atOrAboveZero = new Histogram(significantDigits);
        belowZeroMagnitudes = new Histogram(significantDigits);
    }

    /**
     * Records {@code value}, ns.
     *
     * @throws IllegalArgumentException if it is not finite or its magnitude is 2^63 or more
     */
    public void record(double value) {
        if (!(Math.abs(value) < 0x1p63)) {
            throw new IllegalArgumentException("cannot record " + value + " ns");
        }
        long roundedUp = (long) Math.ceil(value);
        if (roundedUp >= 0) {
            atOrAboveZero.recordValue(roundedUp);
        } else {
            belowZeroMagnitudes.recordValue(-roundedUp);
        }
        min = Math.min(min, value);
        max = Math.max(max, value);
        sum += value;
    }

    /** Adds every value of {@code other} to this one. */
    public void add(SignedHistogram other) {
        atOrAboveZero.add(other.atOrAboveZero);
        belowZeroMagnitudes.add(other.belowZeroMagnitudes);
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
        sum += other.sum;
    }

    public long totalCount() {
        return atOrAboveZero.getTotalCount() + belowZeroMagnitudes.getTotalCount();
    }

    /** The smallest value recorded, exact; positive infinity if none. */
    public double min() {
        return min;
    }

    /** The largest value recorded, exact; negative infinity if none. */
    public double max() {
        return max;
    }

    /** The mean of the values, exact but for the rounding of their sum; NaN if none. */
    public double mean() {
        long count = totalCount();
        return count == 0 ? Double.NaN : sum / count;
    }

    /**
     * The value at {@code percentile} (0 to 100) as the class describes it.
     *
     * @throws IllegalStateException if nothing was recorded
     */
    public double valueAtPercentile(double percentile) {
        long count = totalCount();
        if (count == 0) {
            throw new IllegalStateException("no values recorded");
        }
        long rank = Math.max(1, (long) Math.ceil(percentile / 100 * count
                * (1 - RANK_TOLERANCE)));
        rank = Math.min(rank, count);
        long below = belowZeroMagnitudes.getTotalCount();
        long upperEnd;
        if (rank <= below) {
            // Ascending signed order runs through the magnitudes from the largest down.
            long magnitude = atRank(belowZeroMagnitudes, below - rank + 1);
            upperEnd = -belowZeroMagnitudes.lowestEquivalentValue(magnitude);
        } else {
            long value = atRank(atOrAboveZero, rank - below);
            upperEnd = atOrAboveZero.highestEquivalentValue(value);
        }
        return Math.min(upperEnd, max);
    }

    /**
     * How far below a percentile of 3 significant digits, {@code percentileNs} as
     * {@link #valueAtPercentile} reported it, the value of its rank can lie: less than the width
     * of the bucket it fell in (HdrHistogram's equivalent-value range at its magnitude: 1 ns
     * below 2,048 ns, which covers the rounding up to a whole ns, 2 ns up to 4,096 ns, and so
     * on), and never above it. Stateless.
     */
    public static double resolutionNs(double percentileNs) {
        // The reported number and the rank's value rounded up are in one bucket, whether it is
        // the bucket's end or the exact maximum; below zero, its magnitude rounded down.
        long magnitude = Math.abs((long) Math.ceil(percentileNs));
        return DEFAULT_BUCKETS.sizeOfEquivalentValueRange(magnitude);
    }

    private Object writeReplace() {
        return new Compressed(encode(atOrAboveZero), encode(belowZeroMagnitudes), min, max, sum);
    }

    private void readObject(ObjectInputStream in) throws InvalidObjectException {
        throw new InvalidObjectException("a SignedHistogram is read through its compressed form");
    }

    private static byte[] encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return bytes;
    }

    /** The serialized form: both histograms in HdrHistogram's compressed encoding. */
    private record Compressed(byte[] atOrAboveZero, byte[] belowZeroMagnitudes, double min,
            double max, double sum) implements Serializable {

        private static final long serialVersionUID = 1L;

        private Object readResolve() throws InvalidObjectException {
            try {
                return new SignedHistogram(decode(atOrAboveZero), decode(belowZeroMagnitudes),
                        min, max, sum);
            } catch (DataFormatException e) {
                throw new InvalidObjectException("a damaged histogram: " + e.getMessage());
            }
        }

        private static Histogram decode(byte[] bytes) throws DataFormatException {
            Histogram histogram = Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(bytes), 0);
            // As the original: it may take larger values once merged into or recorded to.
            histogram.setAutoResize(true);
            return histogram;
        }
    }

    private SignedHistogram(Histogram atOrAboveZero, Histogram belowZeroMagnitudes, double min,
            double max, double sum) {
        this.atOrAboveZero = atOrAboveZero;
        this.belowZeroMagnitudes = belowZeroMagnitudes;
        this.min = min;
        this.max = max;
        this.sum = sum;
    }

    /** A value of the bucket holding the {@code rank}-th smallest value (1-based). */
    private static long atRank(Histogram histogram, long rank) {
        long seen = 0;
        for (HistogramIterationValue bucket : histogram.recordedValues()) {
            seen += bucket.getCountAtValueIteratedTo();
            if (seen >= rank) {
                return bucket.getValueIteratedTo();
            }
        }
        throw new IllegalStateException("rank " + rank + " beyond " + histogram.getTotalCount());
    }
}
