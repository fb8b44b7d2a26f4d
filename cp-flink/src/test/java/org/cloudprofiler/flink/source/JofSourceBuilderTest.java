package org.cloudprofiler.flink.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.junit.jupiter.api.Test;

class JofSourceBuilderTest {

    @Test
    void aPreloadedPayloadIsRefusedWhenConfiguredWithTheJofsMessageNotOnTheFetcherThread() {
        IllegalArgumentException jofRefusal = assertThrows(IllegalArgumentException.class,
                () -> JavaObjectFactory.builder().payload(Payload.preloaded()));

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> JofSource.<byte[]>builder().setPayload(Payload.preloaded()));

        assertEquals(jofRefusal.getMessage(), refused.getMessage());
    }
}
