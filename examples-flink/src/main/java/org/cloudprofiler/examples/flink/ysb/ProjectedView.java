package org.cloudprofiler.examples.flink.ysb;

/**
 * What the YSB projection keeps of a view.
 *
 * @param adId UUID text
 * @param eventTimeMs ms since the epoch
 */
public record ProjectedView(String adId, long eventTimeMs) {}
