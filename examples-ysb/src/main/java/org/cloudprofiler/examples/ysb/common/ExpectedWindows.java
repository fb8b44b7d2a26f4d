package org.cloudprofiler.examples.ysb.common;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.AdEventPool;

/**
 * The answer a YSB run must give, computed from its events without any engine: each campaign
 * window's number of views, for a run in which no view is late (the events of a window arrive
 * before the retained windows have moved past it). Stateless.
 */
public final class ExpectedWindows {

    private ExpectedWindows() {}

    /** The view counts of {@code events}, whose ads {@code campaignOfAd} all knows. */
    public static Map<WindowKey, Long> of(List<AdEvent> events, Map<String, String> campaignOfAd,
            TumblingWindows windows) {
        Map<WindowKey, Long> counts = new HashMap<>();
        for (AdEvent event : events) {
            countView(event, campaignOfAd, windows, counts);
        }
        return counts;
    }

    /**
     * The view counts of generator tuples {@code 0 .. tuples - 1} sent from {@code pool}'s
     * payloads ({@code Generator.loadBytes(List.of(pool.payloads()))}): tuple {@code id} carries
     * event {@code id mod pool.size()}.
     */
    public static Map<WindowKey, Long> ofGeneratorTuples(AdEventPool pool, long tuples,
            TumblingWindows windows) {
        Map<WindowKey, Long> counts = new HashMap<>();
        for (long id = 0; id < tuples; id++) {
            countView(pool.events().get((int) (id % pool.size())), pool.campaignOfAd(), windows,
                    counts);
        }
        return counts;
    }

    private static void countView(AdEvent event, Map<String, String> campaignOfAd,
            TumblingWindows windows, Map<WindowKey, Long> counts) {
        if (event.eventType().equals("view")) {
            counts.merge(new WindowKey(campaignOfAd.get(event.adId()),
                    windows.startOf(event.eventTimeMs())), 1L, Long::sum);
        }
    }
}
