package org.cloudprofiler.probe;

import org.cloudprofiler.tupleid.MintedTupleIds;

/**
 * Mints the tuple ids of one task's attempt, laid out as {@link MintedTupleIds} says (docs/design.md,
 * "Tuple lineage"): the task's origin and epoch, and a counter from 1. When the counter is spent
 * it mints nothing more ({@link TaskProbe#NO_ID}), so that no id is ever minted twice.
 * Allocation-free; correct for single-thread use only (the task's thread).
 */
public final class TupleIdMinter {
    private final long originAndEpoch;
    private long nextCounter;

    /**
     * The minter of the task with origin {@code origin} (its component's {@code mintOrigin} plus
     * its task number) in attempt {@code attempt} (from 0; the epoch is taken modulo 32).
     *
     * @throws IllegalArgumentException if the origin is outside 0 to
     *     {@link MintedTupleIds#MAX_ORIGIN} or the attempt is negative
     */
    public TupleIdMinter(int origin, long attempt) {
        this(origin, attempt, MintedTupleIds.FIRST_COUNTER);
    }

    /**
     * A minter with nothing left to mint, for a task that has no origin of its own: its records
     * pass without ids, counted as missing.
     */
    public static TupleIdMinter spent() {
        return new TupleIdMinter(0, 0, MintedTupleIds.LAST_COUNTER + 1);
    }

    /** A minter whose next counter is {@code nextCounter}: tests reach exhaustion with it. */
    TupleIdMinter(int origin, long attempt, long nextCounter) {
        if (attempt < 0) {
            throw new IllegalArgumentException("attempt " + attempt + " is negative");
        }
        this.originAndEpoch = MintedTupleIds.compose(origin, MintedTupleIds.epochOf(attempt),
                MintedTupleIds.FIRST_COUNTER) & ~MintedTupleIds.FIRST_COUNTER;
        this.nextCounter = nextCounter;
    }

    /** The next id, or {@link TaskProbe#NO_ID} once the counter is spent. */
    public long next() {
        if (nextCounter > MintedTupleIds.LAST_COUNTER) {
            return TaskProbe.NO_ID;
        }
        return originAndEpoch | nextCounter++;
    }
}
