package org.cloudprofiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.HandlerType.Parameter;
import org.cloudprofiler.log.LogFormat;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.testing.ChannelLogs;
import org.junit.jupiter.api.Test;

/** The Java API's contract for misuse: clear exceptions, or rejected-and-counted calls. */
class ChannelApiTest {

    @Test
    void madeUpAndClosedHandlesAreRejectedAndCounted() {
        long handle = CloudProfiler.openChannel("api/forged/in", LogFormat.RAW, HandlerType.ID);
        assertTrue(CloudProfiler.logTS(handle, 1));
        assertTrue(CloudProfiler.closeChannel(handle));

        long before = CloudProfiler.stats().invalidHandles();
        Random random = new Random(1);
        int calls = 0;
        for (int i = 0; i < 10_000; i++) {
            long forged = i == 0 ? handle : random.nextLong();
            assertFalse(CloudProfiler.logTS(forged, i));
            assertFalse(CloudProfiler.logTS(forged, i, 42));
            assertFalse(CloudProfiler.closeChannel(forged));
            assertNull(CloudProfiler.channelStats(forged));
            calls += 3;
        }
        assertEquals(before + calls, CloudProfiler.stats().invalidHandles());
        assertThrows(IllegalArgumentException.class,
                () -> CloudProfiler.parameterize(handle, Parameter.N, 1));
    }

    @Test
    void aStampedCallReturnsTheTscItsRecordHoldsOrZeroWhereThereIsNone() throws Exception {
        long recording = CloudProfiler.openChannel("api/stamped/in", LogFormat.RAW,
                HandlerType.ID);
        long before = CloudProfiler.readTsc();
        long stamp = CloudProfiler.logTSStamped(recording, 5);
        assertTrue(stamp >= before && stamp <= CloudProfiler.readTsc());
        assertTrue(CloudProfiler.closeChannel(recording));
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn("api/stamped/in"))) {
            long[] row = ChannelLogs.rows(reader).get(0);
            assertEquals(5, row[0]);
            assertEquals(stamp, row[1]);
        }
        assertEquals(0, CloudProfiler.logTSStamped(recording, 6), "closed: rejected");

        long counting = CloudProfiler.openChannel("api/stamped/out", LogFormat.RAW,
                HandlerType.NULL);
        assertEquals(0, CloudProfiler.logTSStamped(counting, 7), "NULL records no time");
        assertEquals(1, CloudProfiler.channelStats(counting).accepted());
        assertTrue(CloudProfiler.closeChannel(counting));
    }

    @Test
    void aSingleWriterChannelRejectsOtherThreads() throws Exception {
        try (Channel channel = CloudProfiler.open("api/thread/in", LogFormat.RAW,
                HandlerType.BUFFERED_ID)) {
            assertTrue(channel.log(1));
            AtomicInteger accepted = new AtomicInteger();
            Thread other = new Thread(() -> {
                for (int i = 0; i < 50; i++) {
                    accepted.addAndGet(channel.log(i) ? 1 : 0);
                }
            });
            other.start();
            other.join();
            assertEquals(0, accepted.get());
            ChannelStats stats = channel.stats();
            assertNotNull(stats);
            assertEquals(1, stats.accepted());
            assertEquals(50, stats.rejected());
        }
        assertTrue(CloudProfiler.warnings().stream().anyMatch(w -> w.contains("api/thread/in")));
    }

    @Test
    void badArgumentsThrowClearExceptions() {
        IllegalArgumentException badName = assertThrows(IllegalArgumentException.class,
                () -> CloudProfiler.openChannel("a/../b", LogFormat.RAW, HandlerType.ID));
        assertTrue(badName.getMessage().contains("<operator>/<task>/<point>"), badName::getMessage);
        assertThrows(NullPointerException.class,
                () -> CloudProfiler.openChannel("api/x/in", null, HandlerType.ID));
        assertThrows(IllegalArgumentException.class,
                () -> CloudProfiler.openChannel("api/cpu/in", LogFormat.RAW, HandlerType.CPU,
                        true));

        try (Channel channel = CloudProfiler.open("api/params/in", LogFormat.RAW,
                HandlerType.DOWNSAMPLE)) {
            IllegalArgumentException range = assertThrows(IllegalArgumentException.class,
                    () -> channel.parameterize(Parameter.N, 0));
            assertTrue(range.getMessage().contains("(n)"), range::getMessage);
            IllegalArgumentException foreign = assertThrows(IllegalArgumentException.class,
                    () -> channel.parameterize(Parameter.PORT, 5));
            assertTrue(foreign.getMessage().contains(
                    "DOWNSAMPLE has no parameter port; it takes n"), foreign::getMessage);
            channel.parameterize(Parameter.N, 10);
            assertTrue(channel.log(1));
            IllegalStateException late = assertThrows(IllegalStateException.class,
                    () -> channel.parameterize(Parameter.N, 20));
            assertTrue(late.getMessage().contains("first logTS"), late::getMessage);
        }
    }

    @Test
    void statsFollowTheHandler() {
        try (Channel channel = CloudProfiler.open("api/stats/in", LogFormat.ZSTD,
                HandlerType.XOY)) {
            channel.parameterize(Parameter.Y, 4).parameterize(Parameter.X, 1);
            for (long id = 0; id < 1000; id++) {
                assertTrue(channel.log(id));
            }
            ChannelStats stats = channel.stats();
            assertEquals(1000, stats.accepted());
            assertEquals(250, stats.recorded());
            assertEquals(750, stats.filtered());
        }
        assertTrue(CloudProfiler.tscHz() > 0);
        long first = CloudProfiler.readTsc();
        assertTrue(CloudProfiler.readTsc() >= first);
    }
}
