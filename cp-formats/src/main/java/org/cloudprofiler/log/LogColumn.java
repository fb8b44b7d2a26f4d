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

    /** The tuple id of a record (docs/log-format.md, "Handlers, columns and parameters"). */
    public static final String ID = "id";
    /** The TSC reading of a record. */
    public static final String TSC = "tsc";
    /** The calls counted up to a counter or CPU sample. */
    public static final String COUNT = "count";
    /** The writer thread's CPU time at a CPU sample, ns. */
    public static final String CPU_NS = "cpu_ns";
}
