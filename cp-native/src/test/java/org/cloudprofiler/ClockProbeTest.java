package org.cloudprofiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.testing.ChannelLogs;
import org.junit.jupiter.api.Test;

/** The diagnostics natives reach Java intact; what this machine measures is not checked. */
class ClockProbeTest {

    @Test
    void clockSourceIsTheOneTheLogHeadersRecord() throws IOException {
        String name = "probe/0/in";
        try (Channel channel = CloudProfiler.open(name, LogFormat.RAW, HandlerType.ID)) {
            channel.log(1);
        }
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(name))) {
            assertEquals(ClockSource.fromId(reader.header().clockSource()),
                    ClockProbe.clockSource());
        }
    }

    @Test
    void readCostHasAMinimumNoMoreThanItsMedian() {
        ClockReadCost cost = ClockProbe.measureReadCost(5, 1000);
        assertTrue(cost.minNs() > 0, cost.toString());
        assertTrue(cost.minNs() <= cost.medianNs(), cost.toString());
    }

    @Test
    void readCostRejectsBadBatchesWithAJavaException() {
        assertThrows(IllegalArgumentException.class, () -> ClockProbe.measureReadCost(0, 1000));
        assertThrows(IllegalArgumentException.class, () -> ClockProbe.measureReadCost(5, -1));
    }

    @Test
    void kernelTimeStatusIsAKnownClockState() {
        KernelTimeStatus status = ClockProbe.kernelTimeStatus();
        assertTrue(status.clockState() >= 0 && status.clockState() <= 5, status.toString());
        assertTrue(status.maxErrorUs() >= 0, status.toString());
    }

    @Test
    void membarrierQueryLoadsTheLibraryOnItsOwn() {
        int commands = MembarrierProbe.commands();
        assertTrue(commands >= 0, Integer.toString(commands));
    }
}
