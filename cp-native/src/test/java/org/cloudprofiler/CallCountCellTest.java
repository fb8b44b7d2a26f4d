package org.cloudprofiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.testing.ChannelLogs;
import org.junit.jupiter.api.Test;

/**
 * A counting channel's writer counts in a cell without a native call, and the channel's stats,
 * samples and last sample at close count those calls as its own.
 */
class CallCountCellTest {

    @Test
    void callsCountedInTheCellShowInTheStatsAndTheLastSample() throws Exception {
        long spc = CloudProfiler.openChannel("cell/spc/count", LogFormat.RAW, HandlerType.SPC);
        assertTrue(CloudProfiler.logTS(spc, 0), "the first call claims the channel");
        CallCountCell cell = CloudProfiler.countCell(spc);
        assertNotNull(cell);
        for (int i = 0; i < 999; i++) {
            cell.increment();
        }
        assertTrue(CloudProfiler.logTS(spc, 0), "a native call still counts beside the cell");
        assertEquals(1001, CloudProfiler.channelStats(spc).accepted());
        assertTrue(CloudProfiler.closeChannel(spc));
        List<long[]> samples = samples("cell/spc/count");
        assertEquals(1001, samples.get(samples.size() - 1)[1], "the last sample's count");
    }

    @Test
    void aCpuChannelCountedInItsCellStillReadsItsWritersCpuClock() throws Exception {
        long cpu = CloudProfiler.openChannel("cell/cpu/cpu", LogFormat.RAW, HandlerType.CPU);
        assertTrue(CloudProfiler.logTS(cpu, 0));
        CallCountCell cell = CloudProfiler.countCell(cpu);
        assertNotNull(cell);
        long spin = 0;
        for (int i = 0; i < 500_000; i++) {
            cell.increment();
            spin += i ^ (spin >>> 3);
        }
        assertTrue(spin != 42);
        assertTrue(CloudProfiler.closeChannel(cpu));
        long[] last = samples("cell/cpu/cpu").get(samples("cell/cpu/cpu").size() - 1);
        assertEquals(500_001, last[1]);
        assertTrue(last[2] > 0, "the writer's CPU clock is read: " + last[2]);
    }

    @Test
    void aNullChannelCountsItsCellsCalls() {
        long counting = CloudProfiler.openChannel("cell/null/in", LogFormat.RAW, HandlerType.NULL);
        assertEquals(0, CloudProfiler.logTSStamped(counting, 1));
        CallCountCell cell = CloudProfiler.countCell(counting);
        assertNotNull(cell);
        cell.increment();
        cell.increment();
        assertEquals(3, CloudProfiler.channelStats(counting).accepted());
        assertTrue(CloudProfiler.closeChannel(counting));
    }

    @Test
    void noCellForARecordingHandlerAnUnclaimedOrForeignOrClosedChannel() throws Exception {
        long recording = CloudProfiler.openChannel("cell/id/in", LogFormat.RAW, HandlerType.ID);
        assertTrue(CloudProfiler.logTS(recording, 1));
        assertNull(CloudProfiler.countCell(recording), "ID records every call");
        assertTrue(CloudProfiler.closeChannel(recording));

        long spc = CloudProfiler.openChannel("cell/foreign/count", LogFormat.RAW,
                HandlerType.SPC);
        assertNull(CloudProfiler.countCell(spc), "no thread has claimed it yet");
        assertTrue(CloudProfiler.logTS(spc, 0));
        AtomicReference<CallCountCell> foreign = new AtomicReference<>();
        Thread other = new Thread(() -> foreign.set(CloudProfiler.countCell(spc)));
        other.start();
        other.join();
        assertNull(foreign.get(), "another thread owns it");
        assertTrue(CloudProfiler.closeChannel(spc));
        assertNull(CloudProfiler.countCell(spc), "closed");

        long shared = CloudProfiler.openChannel("cell/shared/count", LogFormat.RAW,
                HandlerType.NULL, true);
        assertTrue(CloudProfiler.logTS(shared, 0));
        assertNull(CloudProfiler.countCell(shared), "a multi-writer channel has no one writer");
        assertTrue(CloudProfiler.closeChannel(shared));
    }

    private static List<long[]> samples(String channel) throws Exception {
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(channel))) {
            return ChannelLogs.rows(reader);
        }
    }
}
