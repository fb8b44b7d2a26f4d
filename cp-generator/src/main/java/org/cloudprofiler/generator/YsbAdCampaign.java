package org.cloudprofiler.generator;

/** An ad of the built-in YSB events and the campaign it belongs to, both UUID text. */
record YsbAdCampaign(String adId, String campaignId) {}
