package org.cloudprofiler.examples.flink.ysb;

/**
 * A campaign window's count of views so far, as the YSB window count passes it on.
 *
 * @param campaignId UUID text
 * @param windowStartMs the window's first ms since the epoch
 * @param views the views counted into it so far
 */
public record WindowCount(String campaignId, long windowStartMs, long views) {}
