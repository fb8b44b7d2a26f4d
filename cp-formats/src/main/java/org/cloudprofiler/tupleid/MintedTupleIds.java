package org.cloudprofiler.tupleid;

import org.cloudprofiler.log.HandlerType;

/**
 * The layout of the tuple ids the profiler mints where a record has none of its own
 * (docs/design.md, "Tuple lineage: which id a record carries"): bit 63 set, then the minting
 * task's origin (22 bits), its attempt's epoch (5 bits) and a counter (36 bits, from 1). Ids a
 * source brings are never negative, so the two kinds never meet. Stateless.
 */
public final class MintedTupleIds {

    /** Bits of the origin, the minting task's number in its job. */
    public static final int ORIGIN_BITS = 22;
    /** Bits of the epoch, the minting task's attempt modulo {@code 1 << EPOCH_BITS}. */
    public static final int EPOCH_BITS = 5;
    /** Bits of the counter. */
    public static final int COUNTER_BITS = 36;

    /** The largest origin. */
    public static final int MAX_ORIGIN = (1 << ORIGIN_BITS) - 1;
    /** Epochs run from 0 to this, then wrap. */
    public static final int MAX_EPOCH = (1 << EPOCH_BITS) - 1;
    /** The first counter a task mints. Counter 0 would let origin 0 mint {@code Long.MIN_VALUE}. */
    public static final long FIRST_COUNTER = 1;
    /**
     * The last counter a task mints: one below all ones, which would let the largest origin and
     * epoch mint {@link HandlerType#POISON_PILL_ID}.
     */
    public static final long LAST_COUNTER = (1L << COUNTER_BITS) - 2;

    private static final long COUNTER_MASK = (1L << COUNTER_BITS) - 1;

    private MintedTupleIds() {}

    /**
     * The id {@code counter} of task {@code origin} in attempt {@code epoch}.
     *
     * @throws IllegalArgumentException if a part is out of its range
     */
    public static long compose(int origin, int epoch, long counter) {
        if (origin < 0 || origin > MAX_ORIGIN) {
            throw new IllegalArgumentException(
                    "origin " + origin + " is outside 0.." + MAX_ORIGIN);
        }
        if (epoch < 0 || epoch > MAX_EPOCH) {
            throw new IllegalArgumentException("epoch " + epoch + " is outside 0.." + MAX_EPOCH);
        }
        if (counter < FIRST_COUNTER || counter > LAST_COUNTER) {
            throw new IllegalArgumentException(
                    "counter " + counter + " is outside " + FIRST_COUNTER + ".." + LAST_COUNTER);
        }
        return Long.MIN_VALUE | ((long) origin << (EPOCH_BITS + COUNTER_BITS))
                | ((long) epoch << COUNTER_BITS) | counter;
    }

    /** The epoch of the attempt numbered {@code attempt} (from 0): it wraps. */
    public static int epochOf(long attempt) {
        return (int) (attempt & MAX_EPOCH);
    }

    /**
     * Whether {@code id} is a minted id: negative, and neither of the reserved ids (no id,
     * {@code Long.MIN_VALUE}, and the end-of-run marker, {@code -1}).
     */
    public static boolean isMinted(long id) {
        return id < 0 && id != Long.MIN_VALUE && id != HandlerType.POISON_PILL_ID;
    }

    /** The origin of a minted id. */
    public static int origin(long id) {
        return (int) ((id >>> (EPOCH_BITS + COUNTER_BITS)) & MAX_ORIGIN);
    }

    /** The epoch of a minted id. */
    public static int epoch(long id) {
        return (int) ((id >>> COUNTER_BITS) & MAX_EPOCH);
    }

    /** The counter of a minted id. */
    public static long counter(long id) {
        return id & COUNTER_MASK;
    }
}
