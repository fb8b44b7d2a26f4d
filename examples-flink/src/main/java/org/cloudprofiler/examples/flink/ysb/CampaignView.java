package org.cloudprofiler.examples.flink.ysb;

/**
 * A view with its ad's campaign, as the YSB join makes it.
 *
 * @param campaignId UUID text
 * @param eventTimeMs ms since the epoch
 */
public record CampaignView(String campaignId, long eventTimeMs) {}
