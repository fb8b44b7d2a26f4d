package org.cloudprofiler.testing;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Port blocks: free ones only, never one that another JVM was handed, reused in one JVM. */
class PortBlocksTest {
    private static final int COUNT = 4;

    @Test
    void aBlockAnotherJvmWasHandedIsNeverHandedOutHere() throws Exception {
        try (ChildJvm child = ChildJvm.start(HoldingChild.class, List.of(), Map.of())) {
            assertTrue(child.awaitLine("CLAIMED", 30_000), child::stderr);
            int childBase = Integer.parseInt(child.stdout().get(0));
            int base = PortBlocks.free(COUNT);
            assertTrue(base + COUNT <= childBase || childBase + COUNT <= base,
                    () -> "this JVM got " + base + ", the child " + childBase);
        }
    }

    @Test
    void aBoundPortIsSkippedAndAFreedBlockHandedOutAgain() throws IOException {
        int first = PortBlocks.free(COUNT);
        try (ServerSocket bound = new ServerSocket(first + 1)) {
            int taken = bound.getLocalPort();
            int second = PortBlocks.free(COUNT);
            assertNotEquals(first, second);
            assertTrue(second + COUNT <= taken || taken < second,
                    () -> second + " holds the bound port " + taken);
        }
        // Its block is this JVM's and free again; a lower one another JVM let go may come first.
        int again = PortBlocks.free(COUNT);
        assertTrue(again <= first, () -> again + " after " + first + " was freed");
    }

    /** Takes a block, prints its first port, then holds the claim until it is killed. */
    static final class HoldingChild {
        public static void main(String[] args) throws InterruptedException {
            System.out.println(PortBlocks.free(COUNT));
            System.out.println("CLAIMED");
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
