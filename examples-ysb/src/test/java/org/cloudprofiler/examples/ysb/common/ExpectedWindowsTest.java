package org.cloudprofiler.examples.ysb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.AdEventPool;
import org.junit.jupiter.api.Test;

class ExpectedWindowsTest {
    private static final TumblingWindows WINDOWS = new TumblingWindows(10, 6);

    @Test
    void onlyViewsCountEachInItsCampaignsWindow() {
        Map<String, String> campaignOfAd = Map.of("a1", "c1", "a2", "c1", "a3", "c2");
        List<AdEvent> events = List.of(event("a1", "view", 3), event("a2", "view", 9),
                event("a1", "click", 5), event("a3", "view", 5), event("a1", "view", 10),
                event("a3", "purchase", 12));

        assertEquals(Map.of(new WindowKey("c1", 0), 2L, new WindowKey("c2", 0), 1L,
                new WindowKey("c1", 10), 1L), ExpectedWindows.of(events, campaignOfAd, WINDOWS));
    }

    @Test
    void generatorTupleIdCarriesThePoolsEventIdModuloItsSize() {
        AdEventPool pool = AdEventPool.generate(3, 40, 2, 2, 0);
        List<AdEvent> twiceAndAHalf = new ArrayList<>(pool.events());
        twiceAndAHalf.addAll(pool.events());
        twiceAndAHalf.addAll(pool.events().subList(0, 20));

        assertEquals(ExpectedWindows.of(twiceAndAHalf, pool.campaignOfAd(), WINDOWS),
                ExpectedWindows.ofGeneratorTuples(pool, 100, WINDOWS));
    }

    private static AdEvent event(String adId, String type, long timeMs) {
        return new AdEvent("user", "page", adId, "banner", type, timeMs, "10.0.0.1");
    }
}
