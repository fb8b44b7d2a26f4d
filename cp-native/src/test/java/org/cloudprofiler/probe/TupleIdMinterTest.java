package org.cloudprofiler.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.Test;

/** A task's two minters, its executor thread's and its other thread's, never mint one id. */
class TupleIdMinterTest {
    private static final long HALF = TupleIdMinter.OFF_THREAD_FIRST_COUNTER;

    @Test
    void theTaskThreadsHalfEndsWhereTheOtherThreadsBegins() {
        TupleIdMinter taskThread = new TupleIdMinter(7, 2, HALF - 2, HALF - 1);
        assertEquals(MintedTupleIds.compose(7, 2, HALF - 2), taskThread.next());
        assertEquals(MintedTupleIds.compose(7, 2, HALF - 1), taskThread.next());
        assertEquals(TaskProbe.NO_ID, taskThread.next(), "spent at the half");

        TupleIdMinter offThread = TupleIdMinter.offThreadHalf(7, 2);
        assertEquals(MintedTupleIds.compose(7, 2, HALF), offThread.next());
        assertEquals(MintedTupleIds.compose(7, 2, 1), TupleIdMinter.taskThreadHalf(7, 2).next());
    }

    @Test
    void theOtherThreadsHalfEndsAtTheLastCounter() {
        TupleIdMinter offThread = new TupleIdMinter(7, 2, MintedTupleIds.LAST_COUNTER,
                MintedTupleIds.LAST_COUNTER);
        assertEquals(MintedTupleIds.compose(7, 2, MintedTupleIds.LAST_COUNTER), offThread.next());
        assertEquals(TaskProbe.NO_ID, offThread.next());
    }
}
