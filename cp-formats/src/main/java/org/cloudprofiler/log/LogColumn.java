package org.cloudprofiler.log;

/**
 * One column of a channel's records, as its log header declares it.
 *
 * @param encoding how the column is stored; {@code 0} is the only one version 1 defines
 *     (delta, zigzag, varint)
 * @param name column name, e.g. {@code id}, {@code tsc}, {@code count}, {@code cpu_ns}
 */
public record LogColumn(int encoding, String name) {

    /** The only encoding of format version 1: deltas, zigzag-mapped, as LEB128 varints. */
    public static final int DELTA_ZIGZAG_VARINT = 0;
}
