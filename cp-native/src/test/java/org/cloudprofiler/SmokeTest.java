package org.cloudprofiler;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void logs() {
        long handle = CloudProfiler.openChannel("smoke/0/in", LogFormat.ZSTD, HandlerType.BUFFERED_ID);
        for (int i = 0; i < 100_000; i++) {
            assertTrue(CloudProfiler.logTS(handle, i));
        }
        System.out.println(CloudProfiler.channelStats(handle));
        assertTrue(CloudProfiler.closeChannel(handle));
        System.out.println(CloudProfiler.stats());
    }
}
