package org.cloudprofiler.examples.ysb.common;

/**
 * A campaign's window of event time.
 *
 * @param campaignId UUID text
 * @param windowStartMs the window's first millisecond since the epoch
 */
public record WindowKey(String campaignId, long windowStartMs) {}
