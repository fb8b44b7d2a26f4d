package org.cloudprofiler.tupleid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The sampling rule every task and the analyzer apply alike: its forms and its spread. */
class RootSamplingTest {

    @Test
    void itIsWrittenOneInNOrOne() {
        assertSame(RootSampling.EVERY_RECORD, RootSampling.parse("1"));
        assertSame(RootSampling.EVERY_RECORD, RootSampling.parse("1/1"));
        assertEquals(64, RootSampling.parse(" 1 / 64 ").oneIn());
        assertEquals("1/64", RootSampling.parse("1/64").toString());
        assertEquals("1", RootSampling.EVERY_RECORD.toString());
        assertEquals(RootSampling.oneIn(1024), RootSampling.parse("1/1024"));
        for (String wrong : new String[] {"", "64", "1/0", "2/64", "1/-4", "0.5", "1/x",
                "1/99999999999999999999"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> RootSampling.parse(wrong), wrong);
            assertTrue(e.getMessage().contains("1/N") && e.getMessage().contains(wrong),
                    e::getMessage);
        }
        assertThrows(IllegalArgumentException.class, () -> RootSampling.oneIn(0));
    }

    @Test
    void everyRecordKeepsEveryRoot() {
        for (long root : new long[] {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE}) {
            assertTrue(RootSampling.EVERY_RECORD.keeps(root));
        }
    }

    @Test
    void aboutOneRootInNIsKeptAmongConsecutiveAndMintedIds() {
        RootSampling sampling = RootSampling.oneIn(64);
        int roots = 640_000;
        int keptOffsets = 0;
        int keptMinted = 0;
        for (long counter = 1; counter <= roots; counter++) {
            keptOffsets += sampling.keeps(counter) ? 1 : 0;
            keptMinted += sampling.keeps(MintedTupleIds.compose(17, 3, counter)) ? 1 : 0;
        }
        // 10,000 expected; the binomial's standard deviation is about 99.
        assertTrue(Math.abs(keptOffsets - 10_000) < 500, "offsets kept: " + keptOffsets);
        assertTrue(Math.abs(keptMinted - 10_000) < 500, "minted kept: " + keptMinted);
    }

    @Test
    void theDecisionDependsOnTheRootAloneAndTheMixSeparatesIds() {
        RootSampling sampling = RootSampling.parse("1/8");
        Set<Long> mixes = new HashSet<>();
        for (long root = -5_000; root < 5_000; root++) {
            assertEquals(sampling.keeps(root), RootSampling.parse("1/8").keeps(root));
            mixes.add(RootSampling.mix(root));
        }
        assertEquals(10_000, mixes.size());
    }
}
