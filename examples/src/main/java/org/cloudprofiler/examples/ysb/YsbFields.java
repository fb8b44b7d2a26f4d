package org.cloudprofiler.examples.ysb;

import org.apache.storm.tuple.Fields;

/**
 * The tuple layouts between the YSB steps. Every step carries the source's {@code partition}
 * and {@code offset} first: the tuple's identity, which the profiler reads wherever the tuple
 * goes (the offset alone for JofSpout, partition and offset for KafkaSpout).
 */
public final class YsbFields {
    public static final String PARTITION = "partition";
    public static final String OFFSET = "offset";
    public static final String VALUE = "value";
    public static final String AD_ID = "ad_id";
    public static final String EVENT_TYPE = "event_type";
    public static final String EVENT_TIME = "event_time";
    public static final String CAMPAIGN_ID = "campaign_id";
    public static final String WINDOW_START = "window_start";
    public static final String WINDOW_COUNT = "window_count";

    /** A whole event, once deserialized (event time in ms since the epoch). */
    public static final Fields EVENT = new Fields(PARTITION, OFFSET, "user_id", "page_id", AD_ID,
            "ad_type", EVENT_TYPE, EVENT_TIME, "ip_address");
    /** What the projection keeps of a view. */
    public static final Fields PROJECTED = new Fields(PARTITION, OFFSET, AD_ID, EVENT_TIME);
    /** A view with its ad's campaign. */
    public static final Fields JOINED = new Fields(PARTITION, OFFSET, CAMPAIGN_ID, EVENT_TIME);
    /** A view counted into its campaign's window: the window's count so far. */
    public static final Fields COUNTED =
            new Fields(PARTITION, OFFSET, CAMPAIGN_ID, WINDOW_START, WINDOW_COUNT);

    private YsbFields() {}
}
