package org.cloudprofiler.tupleid;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Id-consistent sampling (docs/design.md, "Sampling: which records are logged"): a record is
 * logged at every point iff the source record it descends from, its root, is kept, so every
 * hop, fan-out output and window result of a kept root is logged and nothing of the others.
 * Whether a root is kept depends on the root id alone, through a 64-bit mix of it, so every task
 * of every engine and the analyzer decide alike without talking. Immutable.
 */
public final class RootSampling {

    /** Every record is logged: the default. */
    public static final RootSampling EVERY_RECORD = new RootSampling(1);

    private static final Pattern ONE_IN = Pattern.compile("1\\s*/\\s*([0-9]{1,18})");

    private final long oneIn;
    /** A root is kept iff its mix is below this, unsigned; unused for {@link #EVERY_RECORD}. */
    private final long keepBelow;

    private RootSampling(long oneIn) {
        this.oneIn = oneIn;
        this.keepBelow = oneIn == 1 ? -1L : Long.divideUnsigned(-1L, oneIn);
    }

    /** About one root in {@code oneIn} kept. */
    public static RootSampling oneIn(long oneIn) {
        if (oneIn < 1) {
            throw new IllegalArgumentException("a sampling keeps 1 in N roots with N at least 1;"
                    + " got " + oneIn);
        }
        return oneIn == 1 ? EVERY_RECORD : new RootSampling(oneIn);
    }

    /**
     * The sampling written {@code 1/N} (about one root in N kept) or {@code 1} (every record), as
     * the {@code cloudprofiler.sample} key and {@code topology.json}'s {@code sample} hold it.
     *
     * @throws IllegalArgumentException naming the form, if {@code text} is not one
     */
    public static RootSampling parse(String text) {
        String trimmed = text.trim();
        if (trimmed.equals("1")) {
            return EVERY_RECORD;
        }
        Matcher matcher = ONE_IN.matcher(trimmed);
        if (!matcher.matches() || Long.parseLong(matcher.group(1)) < 1) {
            throw new IllegalArgumentException("a sampling is written 1/N, N a whole number from"
                    + " 1 up (1/64 logs about one source record in 64 and all it leads to), or 1"
                    + " for every record; got '" + text + "'");
        }
        return oneIn(Long.parseLong(matcher.group(1)));
    }

    /** Whether every record is logged. */
    public boolean everyRecord() {
        return oneIn == 1;
    }

    /** N of "one root in N". */
    public long oneIn() {
        return oneIn;
    }

    /** Whether the records descending from {@code root} are logged. Allocation-free. */
    public boolean keeps(long root) {
        return oneIn == 1 || Long.compareUnsigned(mix(root), keepBelow) < 0;
    }

    /**
     * A bijective 64-bit mix of a root id (SplitMix64's finalizer), so that consecutive ids, and
     * the minted ids' high origin bits, spread evenly.
     */
    public static long mix(long root) {
        long z = root;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** {@code 1/N}, or {@code 1} for every record. */
    @Override
    public String toString() {
        return oneIn == 1 ? "1" : String.format(Locale.ROOT, "1/%d", oneIn);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RootSampling sampling && sampling.oneIn == oneIn;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(oneIn);
    }
}
