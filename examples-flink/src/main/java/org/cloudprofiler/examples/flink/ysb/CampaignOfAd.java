package org.cloudprofiler.examples.flink.ysb;

import java.util.HashMap;
import java.util.Map;

import org.apache.flink.table.functions.ScalarFunction;

/**
 * The SQL job's campaign join, {@code CAMPAIGN_OF(ad_id)}: the ad's campaign from an in-memory
 * table, or NULL for an ad the table does not know. A lookup rather than a SQL join: a regular
 * join would end the events' time attribute, which the window needs after it. Deterministic, so
 * the planner may call it more than once per row.
 */
public final class CampaignOfAd extends ScalarFunction {
    private static final long serialVersionUID = 1L;

    private final HashMap<String, String> campaignOfAd;

    /** @param campaignOfAd every ad's campaign */
    public CampaignOfAd(Map<String, String> campaignOfAd) {
        this.campaignOfAd = new HashMap<>(campaignOfAd);
    }

    /** Called by the planner's generated code. */
    public String eval(String adId) {
        return campaignOfAd.get(adId);
    }
}
