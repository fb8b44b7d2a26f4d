package org.cloudprofiler.probe;

import org.cloudprofiler.tupleid.MintedTupleIds;

/**
 * Mints the tuple ids of one task's attempt, laid out as {@link MintedTupleIds} says
 * (docs/design.md, "Tuple lineage"): the task's origin and epoch, and a counter from 1. When the
 * counter is spent it mints nothing more ({@link TaskProbe#NO_ID}), so that no id is ever minted
 * twice.
 * Allocation-free; correct for single-thread use only (the task's thread). A task that also
 * emits from one other thread (a Storm bolt's window trigger) mints there from the upper half of
 * the counters ({@link #offThreadHalf}) and on its own thread from the lower ({@link
 * #taskThreadHalf}), so that the two never meet.
 */
public final class TupleIdMinter {
    /** The first counter of the upper half, which a task's other thread mints from. */
    static final long OFF_THREAD_FIRST_COUNTER = 1L << (MintedTupleIds.COUNTER_BITS - 1);

    private final long originAndEpoch;
    private final long lastCounter;
    private long nextCounter;

    /**
     * The minter of the task with origin {@code origin} (its component's {@code mintOrigin} plus
     * its task number) in attempt {@code attempt} (from 0; the epoch is taken modulo 32).
     *
     * @throws IllegalArgumentException if the origin is outside 0 to
     *     {@link MintedTupleIds#MAX_ORIGIN} or the attempt is negative
     */
    public TupleIdMinter(int origin, long attempt) {
        this(origin, attempt, MintedTupleIds.FIRST_COUNTER, MintedTupleIds.LAST_COUNTER);
    }

    /** As {@link #TupleIdMinter(int, long)}, minting from the lower half of the counters. */
    public static TupleIdMinter taskThreadHalf(int origin, long attempt) {
        return new TupleIdMinter(origin, attempt, MintedTupleIds.FIRST_COUNTER,
                OFF_THREAD_FIRST_COUNTER - 1);
    }

    /** As {@link #TupleIdMinter(int, long)}, minting from the upper half of the counters. */
    public static TupleIdMinter offThreadHalf(int origin, long attempt) {
        return new TupleIdMinter(origin, attempt, OFF_THREAD_FIRST_COUNTER,
                MintedTupleIds.LAST_COUNTER);
    }

    /**
     * A minter with nothing left to mint, for a task that has no origin of its own: its records
     * pass without ids, counted as missing.
     */
    public static TupleIdMinter spent() {
        return new TupleIdMinter(0, 0, MintedTupleIds.LAST_COUNTER + 1,
                MintedTupleIds.LAST_COUNTER);
    }

    /**
     * A minter whose next counter is {@code nextCounter} and last {@code lastCounter}: tests
     * reach exhaustion with it.
     */
    TupleIdMinter(int origin, long attempt, long nextCounter, long lastCounter) {
        if (attempt < 0) {
            throw new IllegalArgumentException("attempt " + attempt + " is negative");
        }
        this.originAndEpoch = MintedTupleIds.compose(origin, MintedTupleIds.epochOf(attempt),
                MintedTupleIds.FIRST_COUNTER) & ~MintedTupleIds.FIRST_COUNTER;
        this.nextCounter = nextCounter;
        this.lastCounter = lastCounter;
    }

    /** The next id, or {@link TaskProbe#NO_ID} once the counter is spent. */
    public long next() {
        if (nextCounter > lastCounter) {
            return TaskProbe.NO_ID;
        }
        return originAndEpoch | nextCounter++;
    }
}
