package org.cloudprofiler.tupleid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cloudprofiler.log.HandlerType;
import org.junit.jupiter.api.Test;

class MintedTupleIdsTest {

    @Test
    void aComposedIdGivesBackItsParts() {
        long id = MintedTupleIds.compose(3 << 12 | 17, 5, 123_456_789L);
        assertTrue(MintedTupleIds.isMinted(id));
        assertEquals(3 << 12 | 17, MintedTupleIds.origin(id));
        assertEquals(5, MintedTupleIds.epoch(id));
        assertEquals(123_456_789L, MintedTupleIds.counter(id));
    }

    @Test
    void theExtremesOfEveryPartAreNeitherAReservedIdNorSpillIntoAnotherPart() {
        long lowest = MintedTupleIds.compose(0, 0, MintedTupleIds.FIRST_COUNTER);
        long highest = MintedTupleIds.compose(MintedTupleIds.MAX_ORIGIN,
                MintedTupleIds.MAX_EPOCH, MintedTupleIds.LAST_COUNTER);
        assertNotEquals(Long.MIN_VALUE, lowest);
        assertNotEquals(HandlerType.POISON_PILL_ID, highest);
        assertTrue(MintedTupleIds.isMinted(lowest));
        assertTrue(MintedTupleIds.isMinted(highest));
        assertEquals(MintedTupleIds.MAX_ORIGIN, MintedTupleIds.origin(highest));
        assertEquals(MintedTupleIds.MAX_EPOCH, MintedTupleIds.epoch(highest));
        assertEquals(MintedTupleIds.LAST_COUNTER, MintedTupleIds.counter(highest));
        assertEquals(0, MintedTupleIds.origin(lowest));
        assertEquals(0, MintedTupleIds.epoch(lowest));
    }

    @Test
    void idsASourceBringsAndTheReservedIdsAreNotMinted() {
        assertFalse(MintedTupleIds.isMinted(0));
        assertFalse(MintedTupleIds.isMinted(7L << 48 | 12_345));
        assertFalse(MintedTupleIds.isMinted(Long.MIN_VALUE));
        assertFalse(MintedTupleIds.isMinted(HandlerType.POISON_PILL_ID));
    }

    @Test
    void partsOutOfTheirRangeAreRefusedNamingThePart() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> MintedTupleIds.compose(MintedTupleIds.MAX_ORIGIN + 1, 0, 1))
                .getMessage().startsWith("origin"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> MintedTupleIds.compose(0, MintedTupleIds.MAX_EPOCH + 1, 1))
                .getMessage().startsWith("epoch"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> MintedTupleIds.compose(0, 0, 0)).getMessage().startsWith("counter"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> MintedTupleIds.compose(0, 0, MintedTupleIds.LAST_COUNTER + 1))
                .getMessage().startsWith("counter"));
    }

    @Test
    void epochsWrapAfterThirtyTwoAttempts() {
        assertEquals(0, MintedTupleIds.epochOf(0));
        assertEquals(31, MintedTupleIds.epochOf(31));
        assertEquals(0, MintedTupleIds.epochOf(32));
    }
}
