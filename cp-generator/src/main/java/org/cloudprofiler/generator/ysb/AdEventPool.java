package org.cloudprofiler.generator.ysb;

import com.esotericsoftware.kryo.Kryo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Pre-generated ad events over campaigns and ads laid out as the Yahoo streaming benchmark lays
 * them out (100 campaigns of 10 ads; 100 users and 100 pages), reproducible from a seed.
 * Immutable once generated, so any thread may read it.
 */
public final class AdEventPool {
    public static final List<String> AD_TYPES =
            List.of("banner", "modal", "sponsored-search", "mail", "mobile");
    public static final List<String> EVENT_TYPES = List.of("view", "click", "purchase");
    /** Event time of the first event unless told otherwise: 2024-01-01T00:00:00Z. */
    public static final long DEFAULT_START_TIME_MS = 1_704_067_200_000L;

    private final List<AdEvent> events;
    private final Map<String, String> campaignOfAd;

    private AdEventPool(List<AdEvent> events, Map<String, String> campaignOfAd) {
        this.events = Collections.unmodifiableList(events);
        this.campaignOfAd = Collections.unmodifiableMap(campaignOfAd);
    }

    /** {@code count} events over YSB's 100 campaigns of 10 ads, one millisecond apart. */
    public static AdEventPool generate(long seed, int count) {
        return generate(seed, count, 100, 10, DEFAULT_START_TIME_MS);
    }

    /**
     * {@code count} events over {@code campaigns} campaigns of {@code adsPerCampaign} ads; event
     * {@code i} happens at {@code startTimeMs + i}. The same arguments give the same pool.
     */
    public static AdEventPool generate(long seed, int count, int campaigns, int adsPerCampaign,
            long startTimeMs) {
        if (count < 0 || campaigns < 1 || adsPerCampaign < 1) {
            throw new IllegalArgumentException("need count >= 0, campaigns >= 1 and"
                    + " adsPerCampaign >= 1");
        }
        Random random = new Random(seed);
        Map<String, String> campaignOfAd = new LinkedHashMap<>();
        for (int c = 0; c < campaigns; c++) {
            String campaign = uuid(random);
            for (int a = 0; a < adsPerCampaign; a++) {
                campaignOfAd.put(uuid(random), campaign);
            }
        }
        List<String> ads = new ArrayList<>(campaignOfAd.keySet());
        List<String> users = uuids(random, 100);
        List<String> pages = uuids(random, 100);
        List<AdEvent> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            events.add(new AdEvent(pick(random, users), pick(random, pages), pick(random, ads),
                    pick(random, AD_TYPES), pick(random, EVENT_TYPES), startTimeMs + i,
                    random.nextInt(256) + "." + random.nextInt(256) + "."
                            + random.nextInt(256) + "." + random.nextInt(256)));
        }
        return new AdEventPool(events, campaignOfAd);
    }

    public List<AdEvent> events() {
        return events;
    }

    public int size() {
        return events.size();
    }

    /** Every ad's campaign, for the join step of a YSB pipeline. */
    public Map<String, String> campaignOfAd() {
        return campaignOfAd;
    }

    /** The class-1 payload of every event, in pool order. */
    public byte[][] payloads() {
        Kryo kryo = YsbKryo.create();
        byte[][] payloads = new byte[events.size()][];
        for (int i = 0; i < payloads.length; i++) {
            payloads[i] = YsbKryo.serialize(kryo, events.get(i));
        }
        return payloads;
    }

    private static List<String> uuids(Random random, int count) {
        List<String> uuids = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            uuids.add(uuid(random));
        }
        return uuids;
    }

    private static String uuid(Random random) {
        return new UUID(random.nextLong(), random.nextLong()).toString();
    }

    private static <T> T pick(Random random, List<T> choices) {
        return choices.get(random.nextInt(choices.size()));
    }
}
