package org.cloudprofiler.log;

/**
 * Decodes one column section: delta-coded values, zigzag-mapped, as unsigned LEB128 varints.
 * Works on the byte array directly and writes into a caller-owned {@code long[]}, so the hot
 * loop neither allocates nor boxes.
 */
final class VarintColumnDecoder {

    /** The section ends before it holds the expected number of values. */
    static final int TOO_FEW_VALUES = -1;
    /** A varint longer than 10 bytes, or whose 10th byte carries more than the 64th bit. */
    static final int OVERLONG_VARINT = -2;
    /** A varint with redundant zero groups: a writer never emits them, damage does. */
    static final int NON_MINIMAL_VARINT = -3;

    /** Shift of the 10th varint byte, which may only hold bit 63. */
    private static final int LAST_BYTE_SHIFT = 63;

    private VarintColumnDecoder() {}

    /**
     * Decodes exactly {@code count} values from {@code bytes[start, end)} into
     * {@code values[0, count)}, undoing the deltas from 0 with wrapping arithmetic.
     *
     * @return the index after the last varint read (the caller checks that it is {@code end}),
     *     or one of the negative error codes of this class
     */
    static int decode(byte[] bytes, int start, int end, long[] values, int count) {
        int position = start;
        long value = 0;
        for (int i = 0; i < count; i++) {
            if (position >= end) {
                return TOO_FEW_VALUES;
            }
            int b = bytes[position++];
            long zigzag;
            if (b >= 0) {
                zigzag = b;
            } else {
                zigzag = b & 0x7F;
                int shift = 7;
                while (true) {
                    if (position >= end) {
                        return TOO_FEW_VALUES;
                    }
                    b = bytes[position++];
                    if (shift == LAST_BYTE_SHIFT) {
                        if ((b & 0xFF) > 1) {
                            return OVERLONG_VARINT;
                        }
                        if (b == 0) {
                            return NON_MINIMAL_VARINT;
                        }
                        zigzag |= 1L << LAST_BYTE_SHIFT;
                        break;
                    }
                    zigzag |= (long) (b & 0x7F) << shift;
                    if (b >= 0) {
                        if (b == 0) {
                            return NON_MINIMAL_VARINT;
                        }
                        break;
                    }
                    shift += 7;
                }
            }
            value += (zigzag >>> 1) ^ -(zigzag & 1);
            values[i] = value;
        }
        return position;
    }
}
