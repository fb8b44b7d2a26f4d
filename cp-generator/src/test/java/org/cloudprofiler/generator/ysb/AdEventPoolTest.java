package org.cloudprofiler.generator.ysb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The pre-generated YSB events: the benchmark's layout, reproducible from the seed. */
class AdEventPoolTest {

    @Test
    void eventsFollowTheYsbLayout() {
        AdEventPool pool = AdEventPool.generate(42, 10_000);
        assertEquals(10_000, pool.size());
        assertEquals(1000, pool.campaignOfAd().size());
        assertEquals(100, new HashSet<>(pool.campaignOfAd().values()).size());
        Set<String> users = new HashSet<>();
        for (int i = 0; i < pool.size(); i++) {
            AdEvent event = pool.events().get(i);
            users.add(event.userId());
            assertTrue(pool.campaignOfAd().containsKey(event.adId()));
            assertTrue(AdEventPool.AD_TYPES.contains(event.adType()));
            assertTrue(AdEventPool.EVENT_TYPES.contains(event.eventType()));
            assertEquals(AdEventPool.DEFAULT_START_TIME_MS + i, event.eventTimeMs());
            assertEquals(event.pageId(), UUID.fromString(event.pageId()).toString());
            assertEquals(4, event.ipAddress().split("\\.").length);
        }
        assertEquals(100, users.size());
    }

    @Test
    void theSeedDecidesThePool() {
        assertEquals(AdEventPool.generate(7, 100).events(),
                AdEventPool.generate(7, 100).events());
        assertNotEquals(AdEventPool.generate(7, 100).events(),
                AdEventPool.generate(8, 100).events());
        AdEventPool small = AdEventPool.generate(7, 3, 2, 3, 0);
        assertEquals(6, small.campaignOfAd().size());
        assertEquals(2, small.events().get(2).eventTimeMs());
    }
}
